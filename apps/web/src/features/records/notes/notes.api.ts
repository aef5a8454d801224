import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notesEndpoints as api, type Note, type RecordEntityType, type TimelineEvent } from '@lodestar/contract';
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

/** The record's timeline: the automatic log of what happened to it (created, edited, tagged, noted, …). */
export function useTimeline(orgId: string, entityType: RecordEntityType, entityId: string, initial?: TimelineEvent[]) {
  return useQuery({
    queryKey: noteKeys.timeline(orgId, entityType, entityId),
    queryFn: ({ signal }) => call(api.timeline, { orgId, query: { entityType, entityId }, signal }),
    initialData: initial,
    staleTime: seededStaleMs,
  });
}

export function useAddNote(orgId: string, entityType: RecordEntityType, entityId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, the note waits in the outbox (shared/outbox) and is sent when the network returns.
    mutationFn: (content: string) => sendOrQueue(api.create, { orgId, body: { entityType, entityId, content }, successMessage }, { kind: 'note', label: content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) }),
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
