import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { membersEndpoints as api, type MemberEditBody, type MemberInviteBody, type MembershipStatus } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { departmentKeys, memberKeys, privilegeKeys } from '../query-keys.ts';

/** Settings → users (docs/product.md#api: settings/user/...) and the open-users list for pickers. */
export function useMembers(orgId: string, status?: MembershipStatus) {
  return useQuery({
    queryKey: memberKeys.list(orgId, status ?? 'all'),
    queryFn: ({ signal }) => call(api.list, { orgId, query: { status }, signal }),
    enabled: Boolean(orgId),
  });
}

/** Activated users of the workspace (`data.users`), for owner and member pickers. */
export function organizationUsersQuery(orgId: string) {
  return queryOptions({
    queryKey: memberKeys.openUsers(orgId),
    queryFn: async ({ signal }) => (await call(api.openUsers, { orgId, query: { state: 'open' }, signal })).users,
    staleTime: 30_000,
  });
}

export function useOrganizationUsers(orgId: string) {
  return useQuery({ ...organizationUsersQuery(orgId), enabled: Boolean(orgId) });
}

function useInvalidateMembers(orgId: string) {
  const queryClient = useQueryClient();
  // Department member counts and privilege holders change with memberships too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: departmentKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: privilegeKeys.all(orgId) }),
    ]);
}

export function useInviteMembers(orgId: string, successMessage: string) {
  const invalidate = useInvalidateMembers(orgId);
  return useMutation({
    mutationFn: (body: MemberInviteBody) => call(api.invite, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useEditMember(orgId: string, successMessage: string) {
  const invalidate = useInvalidateMembers(orgId);
  return useMutation({
    mutationFn: (body: MemberEditBody) => call(api.edit, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export type MemberAction = 'deactivate' | 'activate' | 'cancelInvitation';

/** Deactivate, reactivate or cancel an invitation: one call per action, the same body. */
export function useMemberAction(orgId: string, successMessages: Record<MemberAction, string>) {
  const invalidate = useInvalidateMembers(orgId);
  return useMutation({
    mutationFn: ({ action, memberId }: { action: MemberAction; memberId: string }) =>
      call(api[action], { orgId, body: { memberId }, successMessage: successMessages[action] }),
    onSuccess: invalidate,
  });
}

/** The invitation link's workspace, inviter and address (public: the page shows it signed in or out). */
export function useInvitationPreview(orgId: string, memberId: string, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.invitation(orgId, memberId),
    queryFn: ({ signal }) => call(api.invitation, { orgId, query: { userId: memberId }, anonymous: true, notifyError: false, signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** No ?orgId=: the caller is not a member yet. */
export function useAcceptInvitation(successMessage: string) {
  return useMutation({
    mutationFn: (body: { orgId: string; userId: string }) =>
      // The page shows a refusal inline (with what to do next), so no red notification on top.
      call(api.acceptInvitation, { body, successMessage, notifyError: false }),
  });
}
