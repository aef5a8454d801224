import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteKeys } from '../../records/query-keys.ts';
import type {
  CalendarEvent,
  CalendarEventList,
  CalendarFilter,
  ChangeScheduleDateBody,
  Reminder,
  Schedule,
  ScheduleCreateInput,
  ScheduleScope,
  ScheduleSuggestion,
  ScheduleUpdateInput,
  ScheduleViewer,
} from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { toMultipart } from '../../../shared/multipart.ts';

export interface CalendarRange {
  /** Inclusive local dates, YYYY-MM-DD. */
  start: string;
  end: string;
}

export const scheduleKeys = {
  all: (orgId: string) => ['schedules', orgId] as const,
  events: (orgId: string) => [...scheduleKeys.all(orgId), 'events'] as const,
  between: (orgId: string, range: CalendarRange, filter: CalendarFilter, userIds: readonly string[]) =>
    [...scheduleKeys.events(orgId), range.start, range.end, filter, userIds.join(',')] as const,
  detail: (orgId: string, id: string, occurrenceDate: string | null) => [...scheduleKeys.all(orgId), 'detail', id, occurrenceDate ?? ''] as const,
  viewer: (orgId: string) => [...scheduleKeys.all(orgId), 'viewer'] as const,
  suggestions: (orgId: string, title: string) => [...scheduleKeys.all(orgId), 'suggestions', title] as const,
};

/** getBetween for the visible range; the filter is applied by the server too, so the counts stay honest. */
export function useCalendarEvents(orgId: string, range: CalendarRange | null, filter: CalendarFilter, userIds: readonly string[]) {
  return useQuery({
    queryKey: scheduleKeys.between(orgId, range ?? { start: '', end: '' }, filter, userIds),
    queryFn: ({ signal }) =>
      apiRequest<CalendarEventList>('/schedule/getBetween', {
        orgId,
        query: { start: range!.start, end: range!.end, filter, userIds: userIds.length ? userIds.join(',') : undefined },
        signal,
      }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSchedule(orgId: string, id: string | null, occurrenceDate: string | null) {
  return useQuery({
    queryKey: scheduleKeys.detail(orgId, id ?? '', occurrenceDate),
    queryFn: ({ signal }) => apiRequest<Schedule>(`/task/${id}`, { orgId, query: { occurrenceDate: occurrenceDate ?? undefined }, signal }),
    enabled: Boolean(id),
  });
}

/** Schedules, the calendar feed and the history that shows them refresh together. */
function useInvalidateSchedules(orgId: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([scheduleKeys.all(orgId), noteKeys.all(orgId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The drawer's multipart body: fields per contract, the compressed photos as `images`. */
export function scheduleFormData(body: ScheduleCreateInput | ScheduleUpdateInput, images: File[]): FormData {
  const form = toMultipart({ ...body, imagesName: images.map((image) => image.name) } as Record<string, unknown>);
  for (const image of images) form.append('images', image, image.name);
  return form;
}

export function useSaveSchedule(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  return useMutation({
    mutationFn: ({ id, body, images }: { id?: string; body: ScheduleCreateInput | ScheduleUpdateInput; images: File[] }) =>
      apiRequest<{ id: string }>(id ? `/task/${id}` : '/task', { method: 'POST', orgId, body: scheduleFormData(body, images), successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteSchedule(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  return useMutation({
    mutationFn: ({ id, scope, occurrenceDate }: { id: string; scope: ScheduleScope; occurrenceDate: string | null }) =>
      apiRequest<null>(`/task/${id}/delete`, { method: 'DELETE', orgId, query: { type: scope, occurrenceDate: occurrenceDate ?? undefined }, successMessage }),
    onSuccess: invalidate,
  });
}

export function useCompleteSchedule(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  return useMutation({
    mutationFn: ({ id, occurrenceDate, complete }: { id: string; occurrenceDate: string | null; complete: boolean }) =>
      apiRequest<CalendarEvent>(`/task/${id}/complete`, { method: 'PUT', orgId, body: { occurrenceDate: occurrenceDate ?? undefined, complete }, successMessage }),
    onSuccess: invalidate,
  });
}

/**
 * Drag and drop: the calendar already shows the event at its new place (optimistic); the caller reverts it
 * when this fails. The feed refreshes afterwards either way.
 */
export function useChangeScheduleDate(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  return useMutation({
    mutationFn: (body: ChangeScheduleDateBody) =>
      apiRequest<CalendarEvent>('/schedule/changeScheduleDate', { method: 'POST', orgId, body, successMessage, overlay: false }),
    onSettled: invalidate,
  });
}

/** Title suggestions (search/tasks): only for 2+ characters; the caller debounces (2000 ms). */
export function useScheduleSuggestions(orgId: string, title: string) {
  const trimmed = title.trim();
  return useQuery({
    queryKey: scheduleKeys.suggestions(orgId, trimmed),
    queryFn: ({ signal }) => apiRequest<{ tasks: ScheduleSuggestion[] }>('/search/tasks', { orgId, query: { title: trimmed }, signal }),
    enabled: trimmed.length >= 2,
    staleTime: 30_000,
  });
}

export function useScheduleViewer(orgId: string) {
  return useQuery({
    queryKey: scheduleKeys.viewer(orgId),
    queryFn: ({ signal }) => apiRequest<ScheduleViewer>('/schedule/viewer', { orgId, signal }),
    staleTime: 60_000,
  });
}

export function useSavePickedUsers(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiRequest<ScheduleViewer>('/schedule/saveUserSchedulePickUser', { method: 'POST', orgId, body: { userIds }, successMessage: false, overlay: false }),
    onSuccess: (viewer) => {
      queryClient.setQueryData(scheduleKeys.viewer(orgId), viewer);
      return queryClient.invalidateQueries({ queryKey: scheduleKeys.events(orgId) });
    },
  });
}

/** Reminders whose time has come; the server answers each one once (it records what it showed). */
export function fetchDueReminders(orgId: string): Promise<{ items: Reminder[] }> {
  return apiRequest<{ items: Reminder[] }>('/schedule/reminder', { orgId, notifyError: false });
}
