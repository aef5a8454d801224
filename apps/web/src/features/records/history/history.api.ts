import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { historyEndpoints as api, type HistoryKind } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { historyKeys } from '../query-keys.ts';

const pageSize = 20;

/** A record's field history, newest first; more pages on demand (keyset `before`). */
export function useHistoryPages(orgId: string, kind: HistoryKind, id: string) {
  return useInfiniteQuery({
    queryKey: historyKeys.record(orgId, kind, id),
    queryFn: ({ signal, pageParam }) =>
      call(api.list, { orgId, params: { kind, id }, query: { limit: pageSize, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** "Restore this value": an ordinary edit on the server; afterwards everything of the workspace is read again. */
export function useRestoreValue(orgId: string, kind: HistoryKind, id: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { entryId: number; field: string }) => call(api.restore, { orgId, params: { kind, id }, body, successMessage }),
    // The record's page, its lists and its timeline all show the value: refresh whatever is cached.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
