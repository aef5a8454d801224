import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Note, RecordEntityType, TimelineEvent } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const noteKeys = {
  record: (orgId: string, entityType: RecordEntityType, entityId: string) => ['notes', orgId, entityType, entityId] as const,
  notes: (orgId: string, entityType: RecordEntityType, entityId: string) => [...noteKeys.record(orgId, entityType, entityId), 'notes'] as const,
  timeline: (orgId: string, entityType: RecordEntityType, entityId: string) => [...noteKeys.record(orgId, entityType, entityId), 'timeline'] as const,
};

// The detail page's view call brings the first notes and timeline; these queries start from them.
const seededStaleMs = 30_000;

export function useNotes(orgId: string, entityType: RecordEntityType, entityId: string, initial?: Note[]) {
  return useQuery({
    queryKey: noteKeys.notes(orgId, entityType, entityId),
    queryFn: ({ signal }) => apiRequest<Note[]>('/notes', { orgId, query: { entityType, entityId }, signal }),
    initialData: initial,
    staleTime: seededStaleMs,
  });
}

export function useTimeline(orgId: string, entityType: RecordEntityType, entityId: string, initial?: TimelineEvent[]) {
  return useQuery({
    queryKey: noteKeys.timeline(orgId, entityType, entityId),
    queryFn: ({ signal }) => apiRequest<TimelineEvent[]>('/timeline', { orgId, query: { entityType, entityId }, signal }),
    initialData: initial,
    staleTime: seededStaleMs,
  });
}

export function useAddNote(orgId: string, entityType: RecordEntityType, entityId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiRequest<Note>('/notes', { method: 'POST', orgId, body: { entityType, entityId, content }, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) }),
  });
}

export function useDeleteNote(orgId: string, entityType: RecordEntityType, entityId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/notes/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) }),
  });
}

/** Refresh a record's timeline after the record itself changed. */
export function useInvalidateRecordHistory() {
  const queryClient = useQueryClient();
  return (orgId: string, entityType: RecordEntityType, entityId: string) =>
    queryClient.invalidateQueries({ queryKey: noteKeys.record(orgId, entityType, entityId) });
}
