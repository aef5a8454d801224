import { describe, expect, it } from 'vitest';
import { calendarPath, parseCalendarPlace, viewOfFullCalendar } from './calendar-route.ts';

describe('calendar route', () => {
  const today = new Date(2026, 10, 23);

  it('reads view and date from the address', () => {
    expect(parseCalendarPlace({ view: 'month', year: '2026', month: '02', day: '28' }, today)).toEqual({ view: 'month', date: '2026-02-28' });
  });

  it('falls back to this week for an unknown view or an impossible date', () => {
    expect(parseCalendarPlace({ view: 'year', year: '2026', month: '02', day: '30' }, today)).toEqual({ view: 'week', date: '2026-11-23' });
    expect(parseCalendarPlace({}, today)).toEqual({ view: 'week', date: '2026-11-23' });
  });

  it('builds the documented path with two-digit month and day', () => {
    expect(calendarPath('org-1', { view: 'day', date: '2026-01-05' })).toBe('/org-1/calendar/day/2026/01/05');
  });

  it('maps FullCalendar view names back', () => {
    expect(viewOfFullCalendar('dayGridMonth')).toBe('month');
    expect(viewOfFullCalendar('timeGridDay')).toBe('day');
  });
});
