import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { carddavEndpoints as api, type AppPasswordCreateBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { carddavKeys } from '../query-keys.ts';

export function useAppPasswords(orgId: string) {
  return useQuery({ queryKey: carddavKeys.appPasswords(orgId), queryFn: ({ signal }) => call(api.list, { orgId, signal }) });
}

export function useCreateAppPassword(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppPasswordCreateBody) => call(api.create, { orgId, body, successMessage: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: carddavKeys.appPasswords(orgId) }),
  });
}

export function useRevokeAppPassword(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.revoke, { params: { id }, orgId, successMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: carddavKeys.appPasswords(orgId) }),
  });
}
