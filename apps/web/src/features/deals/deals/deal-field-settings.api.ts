import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dealsEndpoints as api, type DealFieldSetting } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { dealKeys } from '../query-keys.ts';

/** The deal list's built-in columns: order and visibility (settings/columnOpportunityDisplay). */
export function useDealFieldSetting(orgId: string) {
  return useQuery({
    queryKey: dealKeys.fieldSetting(orgId),
    queryFn: ({ signal }) => call(api.fieldSetting, { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveDealFieldSetting(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealFieldSetting) => call(api.saveFieldSetting, { orgId, body, successMessage }),
    onSuccess: (saved) => queryClient.setQueryData(dealKeys.fieldSetting(orgId), saved),
  });
}
