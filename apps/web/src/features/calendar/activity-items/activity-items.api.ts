import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityItemsEndpoints as api, type ActivityItemSaveBody, type ActivityProfileSaveBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { activityItemKeys } from '../query-keys.ts';

export function useActivityItems(orgId: string) {
  return useQuery({
    queryKey: activityItemKeys.items(orgId),
    queryFn: ({ signal }) => call(api.listItems, { orgId, signal }),
  });
}

export function useActivityProfiles(orgId: string) {
  return useQuery({
    queryKey: activityItemKeys.profiles(orgId),
    queryFn: ({ signal }) => call(api.listProfiles, { orgId, signal }),
  });
}

/** The items the signed-in user may pick in a schedule (their profile's, or all of them). */
export function useUserActivity(orgId: string, enabled = true) {
  return useQuery({
    queryKey: activityItemKeys.mine(orgId),
    queryFn: ({ signal }) => call(api.mine, { orgId, signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** Items and profiles refresh together: a profile lists its items by name and point. */
function useActivityMutation<Variables>(orgId: string, run: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityItemKeys.all(orgId) }),
  });
}

export const useSaveActivityItem = (orgId: string, successMessage: string) =>
  useActivityMutation(orgId, ({ id, body }: { id?: string; body: ActivityItemSaveBody }) =>
    id ? call(api.updateItem, { params: { id }, orgId, body, successMessage }) : call(api.createItem, { orgId, body, successMessage }),
  );
export const useDeleteActivityItem = (orgId: string, successMessage: string) =>
  useActivityMutation(orgId, (id: string) => call(api.removeItem, { params: { id }, orgId, successMessage }));
export const useSaveActivityProfile = (orgId: string, successMessage: string) =>
  useActivityMutation(orgId, ({ id, body }: { id?: string; body: ActivityProfileSaveBody }) =>
    id ? call(api.updateProfile, { params: { id }, orgId, body, successMessage }) : call(api.createProfile, { orgId, body, successMessage }),
  );
export const useDeleteActivityProfile = (orgId: string, successMessage: string) =>
  useActivityMutation(orgId, (id: string) => call(api.removeProfile, { params: { id }, orgId, successMessage }));
