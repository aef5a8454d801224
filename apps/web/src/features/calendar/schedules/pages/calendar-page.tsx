import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Segmented, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type FullCalendar from '@fullcalendar/react';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays, calendarFilters, debounceMs, schedulesEndpoints, type CalendarFilter } from '@lodestar/contract';
import { call } from '../../../../shared/call.ts';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useExtensionPoints } from '../../../../shared/extension-points.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { calendarFirstDay, calendarPath, calendarRange, fullCalendarViews, isoDate, parseCalendarPlace, viewOfFullCalendar } from '../calendar-route.ts';
import { changeDateBody, slotPreset, toCalendarInputs, visibleHours, type EventRef } from '../calendar-events.ts';
import { scheduleToFormValues, toScheduleBody, type SchedulePreset } from '../schedule-form.ts';
import { scheduleKeys, type CalendarRange } from '../../query-keys.ts';
import { useCalendarEvents, useChangeScheduleDate, useSaveSchedule, useScheduleViewer } from '../schedules.api.ts';
import { ColleaguePicker } from '../components/colleague-picker.tsx';
import { ScheduleDrawer, type ScheduleTarget } from '../components/schedule-drawer.tsx';
import { useScopeQuestion } from '../components/scope-dialog.tsx';

/**
 * FullCalendar comes with the calendar itself, not with this module: the module's helpers are grouped with code other
 * screens share, and as a static import here FullCalendar came to 47 of the app's 161 lazy screens (issue 38).
 */
const CalendarView = lazy(() => import('../components/calendar-view.tsx').then((m) => ({ default: m.CalendarView })));

type Drawer = { kind: 'create'; preset: SchedulePreset } | { kind: 'edit'; target: ScheduleTarget } | null;

/**
 * /{orgId}/calendar/{day|week|month}/{yyyy}/{mm}/{dd}: the user's schedules (and picked colleagues') in FullCalendar.
 * Click or select an empty slot to create; drag to move (changeScheduleDate, reverted when refused); the feed
 * reloads 700 ms after the visible range stops changing (docs/product.md#limits).
 */
export function CalendarPage() {
  const { t } = useTranslation('schedules');
  usePageTitle(t('title'));
  const params = useParams();
  const orgId = params.orgId ?? '';
  const place = parseCalendarPlace(params);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions(orgId);
  const calendarRef = useRef<FullCalendar>(null);
  const [filter, setFilter] = useState<CalendarFilter>('all');
  // The address's dates at once (FullCalendar's datesSet reports the same): the feed does not wait for the calendar to draw.
  const [range, setRange] = useState<CalendarRange | null>(() => calendarRange(place, calendarFirstDay[currentLanguage()]));
  const settledRange = useDebouncedValue(range, debounceMs.calendarReload);
  // The first range loads at once; later ones once navigation has paused for 700 ms.
  const events = useCalendarEvents(orgId, settledRange ?? range, 'all', []);
  const viewer = useScheduleViewer(orgId);
  const selfUserId = viewer.data?.users.find((user) => user.isSelf)?.userId ?? null;
  const inputs = useMemo(() => toCalendarInputs(events.data?.items ?? [], filter, selfUserId), [events.data, filter, selfUserId]);
  const hours = useMemo(() => visibleHours(events.data?.items ?? []), [events.data]);
  const [drawer, setDrawer] = useState<Drawer>(null);
  const { ask, dialog } = useScopeQuestion();
  const changeDate = useChangeScheduleDate(orgId, t('notices.moved'));
  const saveSchedule = useSaveSchedule(orgId, t('notices.moved'));
  const canCreate = can('calendar', 'create');
  // Import and export (the imports context fills the slot): the export's "dates shown" are this range and filter.
  const { RecordListTools } = useExtensionPoints();
  const shown = settledRange ?? range;

  // The address changed (back/forward, a link): bring the calendar there.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    const wanted = fullCalendarViews[place.view];
    if (api.view.type !== wanted) api.changeView(wanted, place.date);
    else if (isoDate(api.getDate()) !== place.date) api.gotoDate(place.date);
  }, [place.view, place.date]);

  const onDatesSet = (arg: DatesSetArg) => {
    setRange({ start: isoDate(arg.start), end: addDays(isoDate(arg.end), -1) });
    const next = { view: viewOfFullCalendar(arg.view.type), date: isoDate(arg.view.calendar.getDate()) };
    if (next.view !== place.view || next.date !== place.date) navigate(calendarPath(orgId, next));
  };

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    setDrawer({ kind: 'create', preset: slotPreset(arg) });
  };

  const onEventClick = (arg: EventClickArg) => {
    const { source } = arg.event.extendedProps as EventRef;
    // A reservation opens itself on my appointments, where it is completed or cancelled (issue 21: not just the list).
    if (source.type === 'reservation') return void navigate(`/${orgId}/business/appointments?reservation=${source.sourceId}`);
    setDrawer({ kind: 'edit', target: { id: source.scheduleId ?? source.sourceId, occurrenceDate: source.isRecurring ? source.occurrenceDate : null } });
  };

  /** A drop or resize: one occurrence moves through changeScheduleDate; "following"/"all" edit the series. */
  const onEventChange = async (arg: EventDropArg | EventResizeDoneArg) => {
    const { source } = arg.event.extendedProps as EventRef;
    const landed = { start: arg.event.start!, end: arg.event.end, allDay: arg.event.allDay };
    const body = changeDateBody(source, landed);
    const scope = source.isRecurring ? await ask('move') : 'this';
    if (!scope) return arg.revert();
    try {
      if (scope === 'this') {
        await changeDate.mutateAsync(body);
      } else {
        const id = source.scheduleId ?? source.sourceId;
        const schedule = await queryClient.fetchQuery({
          queryKey: scheduleKeys.detail(orgId, id, source.occurrenceDate),
          queryFn: ({ signal }) =>
            call(schedulesEndpoints.get, { params: { id }, orgId, query: { occurrenceDate: source.occurrenceDate ?? undefined }, signal }),
        });
        const values = scheduleToFormValues(schedule);
        const moved = {
          ...values,
          fullDay: body.fullDay,
          startDate: body.startDate,
          startTime: body.startDateTime ?? values.startTime,
          endDate: body.endDate,
          endTime: body.endDateTime ?? values.endTime,
        };
        await saveSchedule.mutateAsync({ id, body: { ...toScheduleBody(moved), scope, occurrenceDate: source.occurrenceDate }, images: [] });
      }
    } catch {
      // The server refused (the client already showed why): the event goes back where it was.
      arg.revert();
    }
  };

  return (
    <div className="page-stack">
      <Card
        className="calendar-page"
        title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDrawer({ kind: 'create', preset: {} })}>
              {t('createTitle')}
            </Button>
          ) : null
        }
      >
        <Space wrap className="calendar-toolbar">
          <Segmented<CalendarFilter>
            aria-label={t('filters.label')}
            value={filter}
            onChange={setFilter}
            options={calendarFilters.map((value) => ({ value, label: t(`filters.${value}`) }))}
          />
          <ColleaguePicker orgId={orgId} />
          {RecordListTools && shown ? <RecordListTools kind="schedule" orgId={orgId} listQuery={{ from: shown.start, to: shown.end, filter }} /> : null}
        </Space>
        {events.isError ? <ErrorState error={events.error} onRetry={() => void events.refetch()} /> : null}
        <div className="calendar-frame" data-testid="calendar" aria-busy={events.isFetching}>
          <Suspense fallback={<LoadingState />}>
            <CalendarView
              calendarRef={calendarRef}
              place={place}
              hours={hours}
              canCreate={canCreate}
              inputs={inputs}
              onDatesSet={onDatesSet}
              onSelect={onSelect}
              onEventClick={onEventClick}
              onEventChange={(arg) => void onEventChange(arg)}
            />
          </Suspense>
        </div>
      </Card>
      <ScheduleDrawer
        orgId={orgId}
        open={drawer !== null}
        target={drawer?.kind === 'edit' ? drawer.target : null}
        preset={drawer?.kind === 'create' ? drawer.preset : undefined}
        onClose={() => setDrawer(null)}
      />
      {dialog}
    </div>
  );
}
