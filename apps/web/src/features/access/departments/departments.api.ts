import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentsEndpoints as api, type DepartmentCreateBody, type DepartmentEditBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { departmentKeys, memberKeys } from '../query-keys.ts';

export function useDepartments(orgId: string) {
  return useQuery({
    queryKey: departmentKeys.all(orgId),
    queryFn: ({ signal }) => call(api.list, { orgId, signal }),
    enabled: Boolean(orgId),
  });
}

function useInvalidateDepartments(orgId: string) {
  const queryClient = useQueryClient();
  // Members show their department's name.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: departmentKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all(orgId) }),
    ]);
}

export function useCreateDepartment(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDepartments(orgId);
  return useMutation({
    mutationFn: (body: DepartmentCreateBody) => call(api.create, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useEditDepartment(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDepartments(orgId);
  return useMutation({
    mutationFn: (body: DepartmentEditBody) => call(api.edit, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteDepartment(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDepartments(orgId);
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { orgId, query: { id }, successMessage }),
    onSuccess: invalidate,
  });
}
