import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashItemsBody, TrashType } from '@lodestar/contract';
import type { TrashItem } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const trashKeys = {
  all: (orgId: string) => ['trash', orgId] as const,
  list: (orgId: string, type: TrashType | 'all') => [...trashKeys.all(orgId), type] as const,
};

export function useTrash(orgId: string, type: TrashType | 'all') {
  return useInfiniteQuery({
    queryKey: trashKeys.list(orgId, type),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<{ items: TrashItem[]; nextCursor: string | null }>('/trash', {
        orgId,
        query: { type: type === 'all' ? undefined : type, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

function useTrashMutation<Input>(orgId: string, request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // Restored records come back into their lists.
    onSuccess: () =>
      Promise.all(
        [trashKeys.all(orgId), ['contacts', orgId], ['companies', orgId], ['tags', orgId]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function useRestore(orgId: string, successMessage: string) {
  return useTrashMutation(orgId, (body: TrashItemsBody) => apiRequest('/trash/restore', { method: 'POST', orgId, body, successMessage }));
}

export function useDeleteForever(orgId: string, successMessage: string) {
  return useTrashMutation(orgId, (body: TrashItemsBody) => apiRequest('/trash/deleteForever', { method: 'POST', orgId, body, successMessage }));
}

export function useEmptyTrash(orgId: string, successMessage: string) {
  return useTrashMutation(orgId, () => apiRequest('/trash/empty', { method: 'POST', orgId, successMessage }));
}
