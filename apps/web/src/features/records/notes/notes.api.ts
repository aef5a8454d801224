import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notesEndpoints as api, recordSummaryEndpoints, type Note, type RecordEntityType, type SummaryEntityType, type TimelineKind } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { sendOrQueue } from '../../../shared/outbox/send-or-queue.ts';
import { noteKeys } from '../query-keys.ts';

// The detail page's view call brings the first notes and timeline; these queries start from them.
const seededStaleMs = 30_000;

/** The notes users wrote on a record. */
export function useNotes(orgId: string, entityType: RecordEntityType, entityId: string, initial?: Note[]) {
  return useQuery({
    queryKey: noteKeys.notes(orgId, entityType, entityId),
    queryFn: ({ signal }) => call(api.list, { orgId, query: { entityType, entityId }, signal }),
    initialData: initial,
    staleTime: seededStaleMs,
  });
}

/** Entries per timeline page: enough to fill a screen; scrolling to the end asks for the next. */
const timelinePageSize = 30;

/** The record's timeline merged with its deals' and schedules', page by page (keyset), only `kinds` when given. */
export function useTimelinePages(orgId: string, entityType: RecordEntityType, entityId: string, kinds: readonly TimelineKind[]) {
  return useInfiniteQuery({
    queryKey: noteKeys.timelinePages(orgId, entityType, entityId, kinds),
    queryFn: ({ signal, pageParam }) =>
      call(recordSummaryEndpoints.timelinePage, {
        orgId,
        query: { entityType, entityId, limit: timelinePageSize, ...(kinds.length > 0 ? { kinds: kinds.join(',') } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: seededStaleMs,
  });
}

/** The figures and sections around a contact, company or deal. */
export function useRecordSummary(orgId: string, entityType: SummaryEntityType, entityId: string) {
  return useQuery({
    queryKey: noteKeys.summary(orgId, entityType, entityId),
    queryFn: ({ signal }) => call(recordSummaryEndpoints.summary, { orgId, query: { entityType, entityId }, signal }),
    staleTime: seededStaleMs,
  });
}

export function useAddNote(orgId: string, entityType: RecordEntityType, entityId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, the note waits in the outbox (shared/outbox) and is sent when the network returns. So the mutation runs
    // offline too (TanStack Query would pause it), and does not wait for the refetch, which waits for the network.
    networkMode: 'always',
    mutationFn: (content: string) => sendOrQueue(api.create, { orgId, body: { entityType, entityId, content }, successMessage }, { kind: 'note', label: content }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) }),
  });
}

export function useDeleteNote(orgId: string, entityType: RecordEntityType, entityId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { params: { id }, orgId, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) }),
  });
}

/** Refresh a record's notes and timeline after the record itself changed. */
export function useInvalidateRecordHistory() {
  const queryClient = useQueryClient();
  return (orgId: string, entityType: RecordEntityType, entityId: string) =>
    queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) });
}
