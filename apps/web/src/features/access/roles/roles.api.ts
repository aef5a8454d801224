import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rolesEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { memberKeys, roleKeys } from '../query-keys.ts';

/** settings/role calls (docs/product.md#team-and-access). */
export function useRoles(orgId: string) {
  return useQuery({
    queryKey: roleKeys.all(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    enabled: Boolean(orgId),
  });
}

function useInvalidateRoles(orgId: string) {
  const queryClient = useQueryClient();
  // Members and pickers show role names.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
    ]);
}

export function useCreateRole(orgId: string, successMessage: string) {
  const invalidate = useInvalidateRoles(orgId);
  return useMutation({
    mutationFn: (name: string) => call(api.create, { orgId, body: { name }, successMessage }),
    onSuccess: invalidate,
  });
}

export function useRenameRole(orgId: string, successMessage: string) {
  const invalidate = useInvalidateRoles(orgId);
  return useMutation({
    mutationFn: (body: { id: string; name: string }) => call(api.rename, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole(orgId: string, successMessage: string) {
  const invalidate = useInvalidateRoles(orgId);
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { orgId, query: { id }, successMessage }),
    onSuccess: invalidate,
  });
}
