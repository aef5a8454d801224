import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  privilegesEndpoints as api,
  type Feature,
  type Method,
  type NodeType,
  type VisibilityScope,
  type privilegeUsersSchema,
} from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { permissionKeys } from '../../../shared/permissions.ts';
import { memberKeys, privilegeKeys } from '../query-keys.ts';

/** settings/privilege and privilege/user calls of docs/product.md#api. */
export type PrivilegeUsers = z.infer<typeof privilegeUsersSchema>;

export function usePrivileges(orgId: string) {
  return useQuery({
    queryKey: privilegeKeys.list(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    enabled: Boolean(orgId),
  });
}

export function usePrivilege(orgId: string, id: string) {
  return useQuery({
    queryKey: privilegeKeys.detail(orgId, id),
    queryFn: ({ signal }) => call(api.get, { orgId, query: { id }, pageLookup: true, signal }),
    enabled: Boolean(orgId && id),
  });
}

export function usePrivilegeUsers(orgId: string, privilegeId: string) {
  return useQuery({
    queryKey: privilegeKeys.users(orgId, privilegeId),
    queryFn: ({ signal }) => call(api.holders, { orgId, query: { privilegeId }, signal }),
    enabled: Boolean(orgId && privilegeId),
  });
}

export function usePrivilegeNodes(orgId: string, feature: Feature | null) {
  return useQuery({
    queryKey: privilegeKeys.nodes(orgId, feature ?? 'contact'),
    queryFn: ({ signal }) => call(api.nodesByFeature, { orgId, query: { feature: feature! }, signal }),
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
      queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
    ]);
}

export function useCreatePrivilege(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: (body: { privilegeName: string; copyFromId: string | null }) => call(api.create, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useRenamePrivilege(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: (body: { id: string; privilegeName: string }) => call(api.rename, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeletePrivilege(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: ({ id, reassignTo }: { id: string; reassignTo?: string }) => call(api.remove, { orgId, query: { id, reassignTo }, successMessage }),
    onSuccess: invalidate,
  });
}

/** One call per changed feature (PUT settings/privilege/feature/edit takes one feature). */
export function useSavePrivilegeFeatures(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePrivileges(orgId);
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: { feature: Feature; methods: Method[]; scope: VisibilityScope }[] }) => {
      for (const [index, change] of changes.entries()) {
        await call(api.editFeature, {
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
      call(api.assignNodes, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}
