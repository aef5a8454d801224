import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityItem, ActivityItemSaveBody, ActivityProfile, ActivityProfileSaveBody, UserActivity } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const activityItemKeys = {
  items: (orgId: string) => ['activity-items', orgId, 'items'] as const,
  profiles: (orgId: string) => ['activity-items', orgId, 'profiles'] as const,
  mine: (orgId: string) => ['activity-items', orgId, 'mine'] as const,
  all: (orgId: string) => ['activity-items', orgId] as const,
};

export function useActivityItems(orgId: string) {
  return useQuery({
    queryKey: activityItemKeys.items(orgId),
    queryFn: ({ signal }) => apiRequest<{ items: ActivityItem[] }>('/settings/activityItem', { orgId, signal }),
  });
}

export function useActivityProfiles(orgId: string) {
  return useQuery({
    queryKey: activityItemKeys.profiles(orgId),
    queryFn: ({ signal }) => apiRequest<{ items: ActivityProfile[] }>('/settings/activity', { orgId, signal }),
  });
}

/** The items the signed-in user may pick in a schedule (their profile's, or all of them). */
export function useUserActivity(orgId: string, enabled = true) {
  return useQuery({
    queryKey: activityItemKeys.mine(orgId),
    queryFn: ({ signal }) => apiRequest<UserActivity>('/userActivity', { orgId, signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** Items and profiles refresh together: a profile lists its items by name and point. */
function useSaveResource<Body>(orgId: string, path: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Body }) =>
      id ? apiRequest<unknown>(`${path}/${id}`, { method: 'PUT', orgId, body, successMessage }) : apiRequest<unknown>(path, { method: 'POST', orgId, body, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityItemKeys.all(orgId) }),
  });
}

function useDeleteResource(orgId: string, path: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`${path}/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityItemKeys.all(orgId) }),
  });
}

export const useSaveActivityItem = (orgId: string, successMessage: string) => useSaveResource<ActivityItemSaveBody>(orgId, '/settings/activityItem', successMessage);
export const useDeleteActivityItem = (orgId: string, successMessage: string) => useDeleteResource(orgId, '/settings/activityItem', successMessage);
export const useSaveActivityProfile = (orgId: string, successMessage: string) => useSaveResource<ActivityProfileSaveBody>(orgId, '/settings/activity', successMessage);
export const useDeleteActivityProfile = (orgId: string, successMessage: string) => useDeleteResource(orgId, '/settings/activity', successMessage);
