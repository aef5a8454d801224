import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@lodestar/contract';
import { changeDateBody, slotPreset, toCalendarInputs, visibleHours } from './calendar-events.ts';

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 'schedule:s1:2026-11-23',
    type: 'schedule',
    sourceId: 's1',
    scheduleId: 's1',
    occurrenceDate: '2026-11-23',
    start: '2026-11-23T02:00:00.000Z',
    end: '2026-11-23T03:30:00.000Z',
    startDate: '2026-11-23',
    startTime: '10:00',
    endDate: '2026-11-23',
    endTime: '11:30',
    timezone: 'Asia/Taipei',
    allDay: false,
    title: 'Visit',
    color: '#828B91',
    category: 'visit',
    completed: false,
    isRecurring: true,
    isMoved: false,
    owner: null,
    editable: true,
    ...overrides,
  };
}

describe('calendar events', () => {
  it('maps timed and all-day events with wall-clock times and an exclusive all-day end', () => {
    const [timed, allDay] = toCalendarInputs([event(), event({ id: 'x', allDay: true, startTime: null, endTime: null, endDate: '2026-11-24' })], 'all');
    expect(timed).toMatchObject({ start: '2026-11-23T10:00', end: '2026-11-23T11:30', editable: true, backgroundColor: '#828B91' });
    expect(allDay).toMatchObject({ start: '2026-11-23', end: '2026-11-25', allDay: true });
  });

  it('writes dark text on the light default colour and white text on dark colours', () => {
    const [light, dark] = toCalendarInputs([event(), event({ id: 'y', color: '#0958D9' })], 'all');
    expect(light!.textColor).toBe('#111111');
    expect(dark!.textColor).toBe('#ffffff');
  });

  it("names the owner of a colleague's schedule", () => {
    const mine = event({ owner: { userId: 'u1', name: '梅' } });
    const theirs = event({ id: 'z', owner: { userId: 'u2', name: '王小明' } });
    expect(toCalendarInputs([mine, theirs], 'all', 'u1').map((input) => input.title)).toEqual(['Visit', '王小明：Visit']);
  });

  it('applies the five filters', () => {
    const events = [event({ id: 'a' }), event({ id: 'b', completed: true }), event({ id: 'c', type: 'reservation' })];
    const ids = (filter: Parameters<typeof toCalendarInputs>[1]) => toCalendarInputs(events, filter).map((input) => input.id);
    expect(ids('all')).toEqual(['a', 'b', 'c']);
    expect(ids('schedule')).toEqual(['a', 'b']);
    expect(ids('reservation')).toEqual(['c']);
    expect(ids('completed')).toEqual(['b']);
    expect(ids('uncompleted')).toEqual(['a', 'c']);
  });

  it('never lets a reservation or a read-only schedule be dragged, and marks completed ones', () => {
    const [reservation, readOnly, done] = toCalendarInputs([event({ type: 'reservation' }), event({ editable: false }), event({ completed: true })], 'all');
    expect(reservation!.editable).toBe(false);
    expect(readOnly!.editable).toBe(false);
    expect(done!.classNames).toContain('calendar-event--completed');
  });

  it('turns a drop into changeScheduleDate with the occurrence of a series', () => {
    const body = changeDateBody(event(), { start: new Date(2026, 10, 25, 14, 0), end: new Date(2026, 10, 25, 15, 30), allDay: false });
    expect(body).toEqual({ id: 's1', occurrenceDate: '2026-11-23', startDate: '2026-11-25', startDateTime: '14:00', endDate: '2026-11-25', endDateTime: '15:30', fullDay: false });
  });

  it('keeps the length when FullCalendar gives no end, and sends no occurrence for a single schedule', () => {
    const body = changeDateBody(event({ isRecurring: false }), { start: new Date(2026, 10, 25, 23, 0), end: null, allDay: false });
    expect(body).toEqual({ id: 's1', startDate: '2026-11-25', startDateTime: '23:00', endDate: '2026-11-26', endDateTime: '00:30', fullDay: false });
  });

  it('moves an all-day event by whole days (inclusive end)', () => {
    const body = changeDateBody(event({ allDay: true, endDate: '2026-11-24' }), { start: new Date(2026, 10, 27), end: new Date(2026, 10, 29), allDay: true });
    expect(body).toMatchObject({ startDate: '2026-11-27', endDate: '2026-11-28', fullDay: true, startDateTime: null });
  });

  it('presets the drawer from a slot', () => {
    expect(slotPreset({ start: new Date(2026, 10, 23, 9, 0), end: new Date(2026, 10, 23, 9, 30), allDay: false })).toEqual({ date: '2026-11-23', startTime: '09:00' });
    expect(slotPreset({ start: new Date(2026, 10, 23, 9, 0), end: new Date(2026, 10, 23, 11, 0), allDay: false })).toEqual({ date: '2026-11-23', startTime: '09:00', endTime: '11:00' });
    expect(slotPreset({ start: new Date(2026, 10, 23), end: new Date(2026, 10, 24), allDay: true })).toEqual({ date: '2026-11-23' });
  });
});

describe('the hours a day or week view shows (issue 21: not one long 24-hour page)', () => {
  it('opens on the working day when every event lies inside it', () => {
    expect(visibleHours([])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
    expect(visibleHours([event({ startTime: '09:00', endTime: '10:00' }), event({ allDay: true, startTime: null, endTime: null })])).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '21:00:00',
    });
  });

  it('widens to an early or late event, so nothing is hidden', () => {
    expect(visibleHours([event({ startTime: '05:30', endTime: '06:00' }), event({ startTime: '21:00', endTime: '22:15' })])).toEqual({
      slotMinTime: '05:00:00',
      slotMaxTime: '23:00:00',
    });
  });

  it('shows the whole day for an event running past midnight', () => {
    expect(visibleHours([event({ startDate: '2026-11-25', endDate: '2026-11-26', startTime: '22:00', endTime: '02:00' })])).toEqual({
      slotMinTime: '00:00:00',
      slotMaxTime: '24:00:00',
    });
  });
});
