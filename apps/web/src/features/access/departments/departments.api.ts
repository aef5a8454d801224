import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Department, DepartmentCreateBody, DepartmentEditBody } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const departmentKeys = {
  all: (orgId: string) => ['departments', orgId] as const,
};

export function useDepartments(orgId: string) {
  return useQuery({
    queryKey: departmentKeys.all(orgId),
    queryFn: ({ signal }) => apiRequest<Department[]>('/settings/department/list', { orgId, signal }),
    enabled: Boolean(orgId),
  });
}

function useInvalidateDepartments(orgId: string) {
  const queryClient = useQueryClient();
  // Members show their department's name.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: departmentKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['members', orgId] }),
    ]);
}

export function useCreateDepartment(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDepartments(orgId);
  return useMutation({
    mutationFn: (body: DepartmentCreateBody) =>
      apiRequest<Department>('/settings/department/create', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useEditDepartment(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDepartments(orgId);
  return useMutation({
    mutationFn: (body: DepartmentEditBody) => apiRequest<unknown>('/settings/department/edit', { method: 'PUT', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteDepartment(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDepartments(orgId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>('/settings/department/delete', { method: 'DELETE', orgId, query: { id }, successMessage }),
    onSuccess: invalidate,
  });
}
