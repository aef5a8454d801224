import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  companiesEndpoints,
  contactsEndpoints,
  duplicatesEndpoints as api,
  mergesEndpoints,
  type Company,
  type Contact,
  type DuplicateDismissBody,
  type DuplicateKind,
  type MergeBody,
} from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { companyKeys, contactKeys, duplicateKeys, noteKeys } from '../query-keys.ts';

export function useDuplicates(orgId: string, kind: DuplicateKind) {
  return useInfiniteQuery({
    queryKey: duplicateKeys.list(orgId, kind),
    queryFn: ({ pageParam, signal }) => call(api.list, { orgId, query: { kind, limit: 50, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Pairs are scored a few seconds after a save, a merge or an undo (an outbox consumer): the open page follows.
    refetchInterval: 10_000,
  });
}

export function useMergeHistory(orgId: string, kind: DuplicateKind) {
  return useQuery({ queryKey: duplicateKeys.merges(orgId, kind), queryFn: ({ signal }) => call(mergesEndpoints.list, { orgId, query: { kind }, signal }) });
}

export type MergeRecord = { kind: 'contact'; record: Contact } | { kind: 'company'; record: Company };

/** The records of a pair, whole, for the side-by-side merge. */
export function useMergeRecords(orgId: string, kind: DuplicateKind, ids: string[], enabled: boolean) {
  return useQuery({
    queryKey: duplicateKeys.records(orgId, kind, ids),
    enabled,
    queryFn: ({ signal }) =>
      Promise.all(
        ids.map(async (id): Promise<MergeRecord> =>
          kind === 'contact'
            ? { kind, record: await call(contactsEndpoints.get, { orgId, params: { id }, signal }) }
            : { kind, record: await call(companiesEndpoints.get, { orgId, params: { id }, signal }) },
        ),
      ),
  });
}

function useRefreshAfter<Input, Output>(orgId: string, request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // Merged records leave their lists and their activity moves; the pairs change with them. Not awaited: the dialog
    // closes at once instead of waiting for every open list to reload (and for its own merged-away record's 404).
    onSuccess: () => {
      for (const queryKey of [duplicateKeys.all(orgId), contactKeys.all(orgId), companyKeys.all(orgId), noteKeys.all(orgId)]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useDismissDuplicate(orgId: string, successMessage: string) {
  return useRefreshAfter(orgId, (body: DuplicateDismissBody) => call(api.dismiss, { orgId, body, successMessage }));
}

export function useMerge(orgId: string) {
  return useRefreshAfter(orgId, (body: MergeBody) => call(mergesEndpoints.merge, { orgId, body }));
}

export function useUndoMerge(orgId: string, successMessage: string) {
  return useRefreshAfter(orgId, (id: string) => call(mergesEndpoints.undo, { orgId, params: { id }, successMessage }));
}
