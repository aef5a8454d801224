import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member, MemberEditBody, MemberInviteBody, MembershipStatus, OrganizationUser } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

/** Settings → users (docs/product.md#api: settings/user/...) and the open-users list for pickers. */
export const memberKeys = {
  all: (orgId: string) => ['members', orgId] as const,
  list: (orgId: string, status: MembershipStatus | 'all') => [...memberKeys.all(orgId), 'list', status] as const,
  openUsers: (orgId: string) => [...memberKeys.all(orgId), 'open'] as const,
};

export function useMembers(orgId: string, status?: MembershipStatus) {
  return useQuery({
    queryKey: memberKeys.list(orgId, status ?? 'all'),
    queryFn: ({ signal }) => apiRequest<Member[]>('/settings/user/list', { orgId, query: { status }, signal }),
    enabled: Boolean(orgId),
  });
}

/** Activated users of the workspace (`data.users`), for owner and member pickers. */
export function useOrganizationUsers(orgId: string) {
  return useQuery({
    queryKey: memberKeys.openUsers(orgId),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ users: OrganizationUser[] }>('/organizations/users', { orgId, query: { state: 'open' }, signal })).users,
    enabled: Boolean(orgId),
    staleTime: 30_000,
  });
}

function useInvalidateMembers(orgId: string) {
  const queryClient = useQueryClient();
  // Department member counts and privilege holders change with memberships too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['departments', orgId] }),
      queryClient.invalidateQueries({ queryKey: ['privilegeSettings', orgId] }),
    ]);
}

export function useInviteMembers(orgId: string, successMessage: string) {
  const invalidate = useInvalidateMembers(orgId);
  return useMutation({
    mutationFn: (body: MemberInviteBody) =>
      apiRequest<{ members: Member[] }>('/settings/user/create', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useEditMember(orgId: string, successMessage: string) {
  const invalidate = useInvalidateMembers(orgId);
  return useMutation({
    mutationFn: (body: MemberEditBody) => apiRequest<unknown>('/settings/user/edit', { method: 'PUT', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export type MemberAction = 'deactivate' | 'activate' | 'cancelInvitation';

const memberActionCalls: Record<MemberAction, { path: string; method: 'PUT' | 'POST' }> = {
  deactivate: { path: '/settings/user/deactivated', method: 'PUT' },
  activate: { path: '/settings/user/activated', method: 'PUT' },
  cancelInvitation: { path: '/settings/user/cancelInvited', method: 'POST' },
};

/** Deactivate, reactivate or cancel an invitation: one call per action, the same body. */
export function useMemberAction(orgId: string, successMessages: Record<MemberAction, string>) {
  const invalidate = useInvalidateMembers(orgId);
  return useMutation({
    mutationFn: ({ action, memberId }: { action: MemberAction; memberId: string }) =>
      apiRequest<unknown>(memberActionCalls[action].path, {
        method: memberActionCalls[action].method,
        orgId,
        body: { memberId },
        successMessage: successMessages[action],
      }),
    onSuccess: invalidate,
  });
}

/** No ?orgId=: the caller is not a member yet. */
export function useAcceptInvitation(successMessage: string) {
  return useMutation({
    mutationFn: (body: { orgId: string; userId: string }) =>
      // The page shows a refusal inline (with what to do next), so no red notification on top.
      apiRequest<{ orgId: string; orgName: string }>('/settings/user/acceptInvite', { method: 'POST', body, successMessage, notifyError: false }),
  });
}
