import type { RefObject } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import zhTwLocale from '@fullcalendar/core/locales/zh-tw';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventInput, LocaleInput } from '@fullcalendar/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@lodestar/contract';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { fullCalendarViews, type CalendarPlace } from '../calendar-route.ts';
import type { visibleHours } from '../calendar-events.ts';

/** FullCalendar's locale follows the UI language (zh-tw by default; English is FullCalendar's own). */
const calendarLocales: Record<Locale, LocaleInput | undefined> = { 'zh-TW': zhTwLocale, 'zh-CN': zhCnLocale, 'en-US': undefined };

const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface CalendarViewProps {
  calendarRef: RefObject<FullCalendar | null>;
  place: CalendarPlace;
  hours: ReturnType<typeof visibleHours>;
  canCreate: boolean;
  inputs: EventInput[];
  onDatesSet: (arg: DatesSetArg) => void;
  onSelect: (arg: DateSelectArg) => void;
  onEventClick: (arg: EventClickArg) => void;
  onEventChange: (arg: EventDropArg | EventResizeDoneArg) => void;
}

/** The calendar page's FullCalendar, in a module of its own so that FullCalendar loads with it alone. */
export function CalendarView({ calendarRef, place, hours, canCreate, inputs, onDatesSet, onSelect, onEventClick, onEventChange }: CalendarViewProps) {
  const { t } = useTranslation('schedules');
  return (
    <FullCalendar
      ref={calendarRef}
      plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
      initialView={fullCalendarViews[place.view]}
      initialDate={place.date}
      locale={calendarLocales[currentLanguage()] ?? 'en'}
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
      // Button hints (their accessible names) in the UI language; $0 is the unit (day, week, month).
      buttonHints={{ prev: t('navigation.previous'), next: t('navigation.next'), today: t('navigation.today') }}
      viewHint={t('navigation.view')}
      // Text buttons: FullCalendar's icon spans carry role="img" without a name.
      buttonIcons={false}
      allDayText={t('allDay')}
      buttonText={{ prev: t('navigation.previousButton'), next: t('navigation.nextButton'), today: t('navigation.todayButton'), day: t('navigation.dayButton'), week: t('navigation.weekButton'), month: t('navigation.monthButton') }}
      // The page scrolls, not a box inside it: FullCalendar's inner scroller is neither focusable nor
      // a valid child of its grid role, so a natural height keeps the calendar accessible.
      height="auto"
      // The day and week views open on the working day (wider when an event lies outside it), and the
      // day headers stay under the app header while the page scrolls (styles.css .calendar-frame).
      slotMinTime={hours.slotMinTime}
      slotMaxTime={hours.slotMaxTime}
      stickyHeaderDates
      // A cut-off title is still readable on hover.
      eventDidMount={(arg) => {
        arg.el.title = arg.event.title;
      }}
      // 24-hour HH:MM as in the drawer (docs/product.md#validation time mask), not the locale's morning/afternoon markers.
      eventTimeFormat={timeFormat}
      slotLabelFormat={timeFormat}
      nowIndicator
      dayMaxEvents
      selectable={canCreate}
      selectMirror
      editable
      eventStartEditable
      eventDurationEditable
      events={inputs}
      datesSet={onDatesSet}
      select={onSelect}
      eventClick={onEventClick}
      eventDrop={onEventChange}
      eventResize={onEventChange}
    />
  );
}
