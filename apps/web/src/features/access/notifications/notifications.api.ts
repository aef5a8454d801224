import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { notificationKeys } from '../query-keys.ts';

/** The bell polls: a new LINE message for one's conversations shows within half a minute. */
export function useNotifications(orgId: string) {
  return useQuery({
    queryKey: notificationKeys.list(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal, overlay: false }),
    refetchInterval: 30_000,
  });
}

export function useReadNotifications(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.read, { orgId, successMessage: false, overlay: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list(orgId) }),
  });
}
