import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomField, CustomFieldEntity, CustomFieldSaveBody } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const customFieldKeys = {
  all: (orgId: string) => ['custom-fields', orgId] as const,
  list: (orgId: string, entity: CustomFieldEntity) => [...customFieldKeys.all(orgId), entity] as const,
};

/** The dynamic field definitions of contacts or companies, in their order. */
export function useCustomFields(orgId: string, entity: CustomFieldEntity) {
  return useQuery({
    queryKey: customFieldKeys.list(orgId, entity),
    queryFn: ({ signal }) => apiRequest<CustomField[]>(`/field/${entity}`, { orgId, signal }),
    enabled: Boolean(orgId),
    staleTime: 30_000,
  });
}

function useInvalidate(orgId: string, entity: CustomFieldEntity) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customFieldKeys.list(orgId, entity) });
}

export function useSaveCustomField(orgId: string, entity: CustomFieldEntity, successMessage: string) {
  const invalidate = useInvalidate(orgId, entity);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CustomFieldSaveBody }) =>
      id
        ? apiRequest<CustomField>(`/field/${entity}/${id}`, { method: 'PUT', orgId, body, successMessage })
        : apiRequest<CustomField>(`/field/${entity}`, { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomField(orgId: string, entity: CustomFieldEntity, successMessage: string) {
  const invalidate = useInvalidate(orgId, entity);
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/field/${entity}/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useSortCustomFields(orgId: string, entity: CustomFieldEntity, successMessage: string) {
  const invalidate = useInvalidate(orgId, entity);
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<unknown>(`/field/${entity}/sort`, { method: 'POST', orgId, body: { ids }, successMessage }),
    onSuccess: invalidate,
  });
}
