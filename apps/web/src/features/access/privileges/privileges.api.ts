import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type {
  Feature,
  Method,
  NodeType,
  PrivilegeDetail,
  PrivilegeNode,
  PrivilegeSummary,
  VisibilityScope,
  privilegeUsersSchema,
} from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { permissionKeys } from '../../../shared/permissions.ts';

/** settings/privilege and privilege/user calls of docs/product.md#api. */
export const privilegeKeys = {
  all: (orgId: string) => ['privilegeSettings', orgId] as const,
  list: (orgId: string) => [...privilegeKeys.all(orgId), 'list'] as const,
  detail: (orgId: string, id: string) => [...privilegeKeys.all(orgId), 'detail', id] as const,
  users: (orgId: string, id: string) => [...privilegeKeys.all(orgId), 'users', id] as const,
  nodes: (orgId: string, feature: Feature) => [...privilegeKeys.all(orgId), 'nodes', feature] as const,
};

export type PrivilegeUsers = z.infer<typeof privilegeUsersSchema>;

export function usePrivileges(orgId: string) {
  return useQuery({
    queryKey: privilegeKeys.list(orgId),
    queryFn: ({ signal }) => apiRequest<PrivilegeSummary[]>('/settings/privilege/list', { orgId, signal }),
    enabled: Boolean(orgId),
  });
}

export function usePrivilege(orgId: string, id: string) {
  return useQuery({
    queryKey: privilegeKeys.detail(orgId, id),
    queryFn: ({ signal }) => apiRequest<PrivilegeDetail>('/settings/privilege/get', { orgId, query: { id }, pageLookup: true, signal }),
    enabled: Boolean(orgId && id),
  });
}

export function usePrivilegeUsers(orgId: string, privilegeId: string) {
  return useQuery({
    queryKey: privilegeKeys.users(orgId, privilegeId),
    queryFn: ({ signal }) => apiRequest<PrivilegeUsers>('/privilege/user/list', { orgId, query: { privilegeId }, signal }),
    enabled: Boolean(orgId && privilegeId),
  });
}

export function usePrivilegeNodes(orgId: string, feature: Feature | null) {
  return useQuery({
    queryKey: privilegeKeys.nodes(orgId, feature ?? 'contact'),
    queryFn: ({ signal }) =>
      apiRequest<{ feature: Feature; nodes: PrivilegeNode[] }>('/privilege/user/allnode/byfeature', { orgId, query: { feature: feature! }, signal }),
    enabled: Boolean(orgId && feature),
  });
}

function useInvalidatePrivileges(orgId: string) {
  const queryClient = useQueryClient();
  // The caller's own privileges may have changed too, and members show their privilege's name.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: privilegeKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: permissionKeys.features(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['members', orgId] }),
    ]);
}

export function useCreatePrivilege(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: (body: { privilegeName: string; copyFromId: string | null }) =>
      apiRequest<PrivilegeDetail>('/settings/privilege/create', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useRenamePrivilege(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: (body: { id: string; privilegeName: string }) =>
      apiRequest<unknown>('/settings/privilege/edit', { method: 'PUT', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeletePrivilege(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: ({ id, reassignTo }: { id: string; reassignTo?: string }) =>
      apiRequest<unknown>('/settings/privilege/delete', { method: 'DELETE', orgId, query: { id, reassignTo }, successMessage }),
    onSuccess: invalidate,
  });
}

/** One call per changed feature (PUT settings/privilege/feature/edit takes one feature). */
export function useSavePrivilegeFeatures(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: { feature: Feature; methods: Method[]; scope: VisibilityScope }[] }) => {
      for (const [index, change] of changes.entries()) {
        await apiRequest<unknown>('/settings/privilege/feature/edit', {
          method: 'PUT',
          orgId,
          body: { id, ...change },
          // One green notice for the whole save.
          successMessage: index === changes.length - 1 ? successMessage : false,
        });
      }
    },
    onSettled: invalidate,
  });
}

export function useAssignPrivilegeNodes(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: (body: { privilegeId: string; feature: Feature; nodes: { nodeType: NodeType; nodeId: string }[] }) =>
      apiRequest<unknown>('/privilege/user/setting', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}
