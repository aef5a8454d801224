import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customFieldsEndpoints as api, type CustomFieldEntity, type CustomFieldSaveBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { customFieldKeys } from '../query-keys.ts';

/** The dynamic field definitions of contacts or companies, in their order. */
export function customFieldsQuery(orgId: string, entity: CustomFieldEntity) {
  return queryOptions({
    queryKey: customFieldKeys.list(orgId, entity),
    queryFn: ({ signal }) => call(api.list, { params: { entity }, orgId, signal }),
    staleTime: 30_000,
  });
}

export function useCustomFields(orgId: string, entity: CustomFieldEntity) {
  return useQuery({ ...customFieldsQuery(orgId, entity), enabled: Boolean(orgId) });
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
        ? call(api.update, { params: { entity, id }, orgId, body, successMessage })
        : call(api.create, { params: { entity }, orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomField(orgId: string, entity: CustomFieldEntity, successMessage: string) {
  const invalidate = useInvalidate(orgId, entity);
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { params: { entity, id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useSortCustomFields(orgId: string, entity: CustomFieldEntity, successMessage: string) {
  const invalidate = useInvalidate(orgId, entity);
  return useMutation({
    mutationFn: (ids: string[]) => call(api.sort, { params: { entity }, orgId, body: { ids }, successMessage }),
    onSuccess: invalidate,
  });
}
