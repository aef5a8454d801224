import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteKeys } from '../../records/query-keys.ts';
import {
  schedulesEndpoints as api,
  type CalendarFilter,
  type ChangeScheduleDateBody,
  type ScheduleCreateInput,
  type ScheduleScope,
  type ScheduleUpdateInput,
} from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { sendOrQueue } from '../../../shared/outbox/send-or-queue.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { prefetchAtStart, type StartPreloadContext } from '../../../shared/start-preload.ts';
import { calendarFirstDay, calendarRange, parseCalendarPlace } from './calendar-route.ts';
import { toMultipart } from '../../../shared/multipart.ts';
import { scheduleKeys, type CalendarRange } from '../query-keys.ts';

/** getBetween for the visible range; the filter is applied by the server too, so the counts stay honest. */
export function calendarEventsQuery(orgId: string, range: CalendarRange | null, filter: CalendarFilter, userIds: readonly string[]) {
  return queryOptions({
    queryKey: scheduleKeys.between(orgId, range ?? { start: '', end: '' }, filter, userIds),
    queryFn: ({ signal }) =>
      call(api.between, {
        orgId,
        query: { start: range!.start, end: range!.end, filter, userIds: userIds.length ? userIds.join(',') : undefined },
        signal,
      }),
  });
}

export function useCalendarEvents(orgId: string, range: CalendarRange | null, filter: CalendarFilter, userIds: readonly string[]) {
  return useQuery({ ...calendarEventsQuery(orgId, range, filter, userIds), enabled: range !== null, placeholderData: keepPreviousData });
}

export function useSchedule(orgId: string, id: string | null, occurrenceDate: string | null) {
  return useQuery({
    queryKey: scheduleKeys.detail(orgId, id ?? '', occurrenceDate),
    queryFn: ({ signal }) => call(api.get, { params: { id: id! }, orgId, query: { occurrenceDate: occurrenceDate ?? undefined }, signal }),
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
      id
        ? call(api.update, { params: { id }, orgId, body: scheduleFormData(body, images), successMessage })
        : call(api.create, { orgId, body: scheduleFormData(body, images), successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteSchedule(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  return useMutation({
    mutationFn: ({ id, scope, occurrenceDate }: { id: string; scope: ScheduleScope; occurrenceDate: string | null }) =>
      call(api.remove, { params: { id }, orgId, query: { type: scope, occurrenceDate: occurrenceDate ?? undefined }, successMessage }),
    onSuccess: invalidate,
  });
}

/**
 * Completing a schedule (or taking it back). Offline, a completion waits in the outbox (shared/outbox, docs/product.md
 * #offline-outbox) and the drawer shows it done meanwhile; taking one back needs the network.
 */
export function useCompleteSchedule(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused by TanStack Query while offline: sendOrQueue decides whether to send or keep it.
    networkMode: 'always',
    mutationFn: ({ id, occurrenceDate, complete, title }: { id: string; occurrenceDate: string | null; complete: boolean; title: string }) => {
      const options = { params: { id }, orgId, body: { occurrenceDate: occurrenceDate ?? undefined, complete }, successMessage };
      return complete ? sendOrQueue(api.complete, options, { kind: 'schedule', label: title }) : call(api.complete, options);
    },
    onSuccess: (answer, { id, occurrenceDate }) => {
      if (answer !== null) return void invalidate();
      queryClient.setQueryData(scheduleKeys.detail(orgId, id, occurrenceDate), (old: object | undefined) => (old ? { ...old, complete: true } : old));
    },
  });
}

/**
 * Drag and drop: the calendar already shows the event at its new place (optimistic); the caller reverts it
 * when this fails. The feed refreshes afterwards either way.
 */
export function useChangeScheduleDate(orgId: string, successMessage: string) {
  const invalidate = useInvalidateSchedules(orgId);
  return useMutation({
    mutationFn: (body: ChangeScheduleDateBody) => call(api.changeDate, { orgId, body, successMessage, overlay: false }),
    onSettled: invalidate,
  });
}

/** Title suggestions (search/tasks): only for 2+ characters; the caller debounces (2000 ms). */
export function useScheduleSuggestions(orgId: string, title: string) {
  const trimmed = title.trim();
  return useQuery({
    queryKey: scheduleKeys.suggestions(orgId, trimmed),
    queryFn: ({ signal }) => call(api.search, { orgId, query: { title: trimmed }, signal }),
    enabled: trimmed.length >= 2,
    staleTime: 30_000,
  });
}

function scheduleViewerQuery(orgId: string) {
  return queryOptions({
    queryKey: scheduleKeys.viewer(orgId),
    queryFn: ({ signal }) => call(api.viewer, { orgId, signal }),
    staleTime: 60_000,
  });
}

export function useScheduleViewer(orgId: string) {
  return useQuery(scheduleViewerQuery(orgId));
}

/** The start preload (app/preload.ts) of /{orgId}/calendar/…: the dates the address shows (everyone's, as the page opens) and the viewer. */
export function preloadCalendar({ queryClient, orgId, params }: StartPreloadContext): void {
  const range = calendarRange(parseCalendarPlace(params), calendarFirstDay[currentLanguage()]);
  prefetchAtStart(queryClient, calendarEventsQuery(orgId, range, 'all', []));
  prefetchAtStart(queryClient, scheduleViewerQuery(orgId));
}

export function useSavePickedUsers(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => call(api.savePickedUsers, { orgId, body: { userIds }, successMessage: false, overlay: false }),
    onSuccess: (viewer) => {
      queryClient.setQueryData(scheduleKeys.viewer(orgId), viewer);
      return queryClient.invalidateQueries({ queryKey: scheduleKeys.events(orgId) });
    },
  });
}

/** Reminders whose time has come; the server answers each one once (it records what it showed). */
export function fetchDueReminders(orgId: string) {
  return call(api.reminders, { orgId, notifyError: false });
}
