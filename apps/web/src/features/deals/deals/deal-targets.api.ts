import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dealsEndpoints as api, type DealTargetBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { dealKeys } from '../query-keys.ts';

/** Monthly sales targets of one user, with the amount won each month. */
export function useDealTargets(orgId: string, year: number, uid: string) {
  return useQuery({
    queryKey: dealKeys.targets(orgId, year, uid),
    queryFn: ({ signal }) => call(api.targets, { orgId, query: { year, uid: uid || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDealTarget(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealTargetBody) => call(api.saveTarget, { orgId, body, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.allTargets(orgId) }),
  });
}
