import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { trashEndpoints as api, type TrashItemsBody, type TrashType } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { companyKeys, contactKeys, tagKeys, trashKeys } from '../query-keys.ts';

export function useTrash(orgId: string, type: TrashType | 'all') {
  return useInfiniteQuery({
    queryKey: trashKeys.list(orgId, type),
    queryFn: ({ pageParam, signal }) =>
      call(api.list, {
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
        [trashKeys.all(orgId), contactKeys.all(orgId), companyKeys.all(orgId), tagKeys.all(orgId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function useRestore(orgId: string, successMessage: string) {
  return useTrashMutation(orgId, (body: TrashItemsBody) => call(api.restore, { orgId, body, successMessage }));
}

export function useDeleteForever(orgId: string, successMessage: string) {
  return useTrashMutation(orgId, (body: TrashItemsBody) => call(api.deleteForever, { orgId, body, successMessage }));
}

export function useEmptyTrash(orgId: string, successMessage: string) {
  return useTrashMutation(orgId, () => call(api.empty, { orgId, successMessage }));
}
