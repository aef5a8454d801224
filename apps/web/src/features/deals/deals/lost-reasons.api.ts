import { useMutation, useQuery } from '@tanstack/react-query';
import { lostReasonsEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { lostReasonKeys } from '../query-keys.ts';
import { useInvalidateWithDeals } from './settings-cache.ts';

/** The workspace's lost reasons (GET /settings/lostReason): the settings list and the close-as-lost dialog. */
export function useLostReasons(orgId: string, enabled = true) {
  return useQuery({
    queryKey: lostReasonKeys.all(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    staleTime: 30_000,
    enabled,
  });
}

export function useSaveLostReason(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, lostReasonKeys.all(orgId));
  return useMutation({
    mutationFn: ({ id, label }: { id?: string; label: string }) =>
      id ? call(api.update, { params: { id }, orgId, body: { label }, successMessage }) : call(api.create, { orgId, body: { label }, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteLostReason(orgId: string, successMessage: string) {
  const invalidate = useInvalidateWithDeals(orgId, lostReasonKeys.all(orgId));
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { params: { id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}
