import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedFiltersEndpoints as api, type SavedFilterBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { savedFilterKeys } from '../query-keys.ts';

/** The workspace's saved contact filters (docs/product.md#contacts), by name. */
export function useSavedFilters(orgId: string, enabled = true) {
  return useQuery({ queryKey: savedFilterKeys.all(orgId), queryFn: ({ signal }) => call(api.list, { orgId, signal }), enabled });
}

export function useCreateSavedFilter(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedFilterBody) => call(api.create, { orgId, body, successMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFilterKeys.all(orgId) }),
  });
}

export function useDeleteSavedFilter(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { orgId, params: { id }, successMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFilterKeys.all(orgId) }),
  });
}
