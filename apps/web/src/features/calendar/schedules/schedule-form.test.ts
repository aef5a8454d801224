import { describe, expect, it } from 'vitest';
import { emptyScheduleValues, linkedTimesPatch, maskRepeatCount, nextSlot, timeSlots, toScheduleBody } from './schedule-form.ts';

const now = new Date(2026, 10, 23, 9, 10);

describe('schedule form', () => {
  it('has 48 half-hour slots', () => {
    expect(timeSlots).toHaveLength(48);
    expect(timeSlots[0]).toBe('00:00');
    expect(timeSlots[47]).toBe('23:30');
  });

  it('starts a new schedule at the next half hour and ends it at 23:00', () => {
    expect(nextSlot(now)).toBe('09:30');
    expect(nextSlot(new Date(2026, 10, 23, 23, 50))).toBe('23:30');
    const values = emptyScheduleValues({}, now);
    expect(values).toMatchObject({ startDate: '2026-11-23', startTime: '09:30', endDate: '2026-11-23', endTime: '23:00', color: '#828B91', notice: 0, repeatBy: 'none' });
  });

  it('opens from a calendar slot with that day and time, ending an hour later', () => {
    expect(emptyScheduleValues({ date: '2026-11-25', startTime: '14:00' }, now)).toMatchObject({ startDate: '2026-11-25', startTime: '14:00', endDate: '2026-11-25', endTime: '15:00' });
    expect(emptyScheduleValues({ date: '2026-11-25', startTime: '23:00' }, now)).toMatchObject({ endDate: '2026-11-26', endTime: '00:00' });
    expect(emptyScheduleValues({ date: '2026-11-25', startTime: '10:00', endTime: '11:30' }, now)).toMatchObject({ endTime: '11:30' });
  });

  it('opens with a preset client, company or deal', () => {
    const deal = { id: 'd1', name: 'ERP' };
    expect(emptyScheduleValues({ deal }, now).deal).toEqual(deal);
  });

  it('links times as the drawer changes them', () => {
    const times = { startDate: '2026-11-23', startTime: '15:00', endDate: '2026-11-23', endTime: '14:00' };
    expect(linkedTimesPatch(times, 'startTime')).toEqual({ endTime: '16:00' });
    expect(linkedTimesPatch({ ...times, startDate: '2026-11-24' }, 'startDate')).toEqual({ endDate: '2026-11-24', endTime: '16:00' });
  });

  it('sends the repeat value only for count or until, and no times for an all-day schedule', () => {
    const values = { ...emptyScheduleValues({ date: '2026-11-23', startTime: '10:00' }, now), title: ' Visit ', repeatBy: 'week' as const, repeatDuring: 'number' as const, repeatDuringVal: '10' };
    expect(toScheduleBody(values)).toMatchObject({ title: 'Visit', repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '10', startDateTime: '10:00' });
    expect(toScheduleBody({ ...values, repeatDuring: 'forever' }).repeatDuringVal).toBeNull();
    expect(toScheduleBody({ ...values, repeatBy: 'none' })).toMatchObject({ repeatDuring: 'forever', repeatDuringVal: null });
    expect(toScheduleBody({ ...values, fullDay: true })).toMatchObject({ startDateTime: null, endDateTime: null });
  });

  it('masks the repeat count to three digits', () => {
    expect(maskRepeatCount('12a34')).toBe('123');
  });
});
