import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { firstRunGuideEndpoints as api, type GuideState, type GuideStepBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { guideKeys } from '../query-keys.ts';

/** The caller's own first-run guide in the workspace (server: modules/access/first-run-guide). */
export function guideQuery(orgId: string) {
  return queryOptions({
    queryKey: guideKeys.state(orgId),
    queryFn: ({ signal }) => call(api.state, { orgId, signal }),
    staleTime: 60_000,
  });
}

export function useGuide(orgId: string) {
  return useQuery({ ...guideQuery(orgId), enabled: Boolean(orgId) });
}

/** Every change answers the new state, which replaces the cached one (no refetch). */
function useGuideChange<V>(orgId: string, change: (variables: V) => Promise<GuideState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => queryClient.setQueryData(guideKeys.state(orgId), state),
  });
}

export function useGuideStep(orgId: string) {
  return useGuideChange(orgId, (body: GuideStepBody) => call(api.step, { orgId, body, successMessage: false }));
}

export function useFinishGuide(orgId: string, successMessage: string) {
  return useGuideChange(orgId, () => call(api.finish, { orgId, successMessage }));
}

export function useDismissGuide(orgId: string) {
  return useGuideChange(orgId, () => call(api.dismiss, { orgId, successMessage: false }));
}

export function useReopenGuide(orgId: string) {
  return useGuideChange(orgId, () => call(api.reopen, { orgId, successMessage: false }));
}
