import { describe, expect, it } from 'vitest';
import { activityScore, activityTargets } from './activity-items.ts';
import { addDays, daysFromTo, linkScheduleTimes, matchesCalendarFilter, validateSchedule, type ScheduleTimes } from './schedules.ts';
import { scheduleCreateBodySchema, scheduleUpdateBodySchema } from './schedules.bodies.ts';
import { planScopeChange, repeatToRrule, rruleCount, rruleEndingBefore, rruleFromOccurrence, rruleToRepeat, shiftedSeriesStart } from './schedules.recurrence.ts';

const times = (startDate: string, startTime: string, endDate: string, endTime: string): ScheduleTimes => ({ startDate, startTime, endDate, endTime });

describe('linkScheduleTimes (docs/product.md#states)', () => {
  it('a start date after the end date moves the end date to the start date', () => {
    expect(linkScheduleTimes(times('2026-11-25', '09:00', '2026-11-23', '18:00'), 'startDate')).toEqual(times('2026-11-25', '09:00', '2026-11-25', '18:00'));
  });
  it('an end date before the start date moves the start date to the end date', () => {
    expect(linkScheduleTimes(times('2026-11-25', '09:00', '2026-11-20', '18:00'), 'endDate')).toEqual(times('2026-11-20', '09:00', '2026-11-20', '18:00'));
  });
  it('a start time past the end time on the same day sets the end to start + 1 hour', () => {
    expect(linkScheduleTimes(times('2026-11-23', '14:30', '2026-11-23', '10:00'), 'startTime')).toEqual(times('2026-11-23', '14:30', '2026-11-23', '15:30'));
  });
  it('start hour 23 puts the end at 00:00 of the next day', () => {
    expect(linkScheduleTimes(times('2026-12-31', '23:30', '2026-12-31', '10:00'), 'startTime')).toEqual(times('2026-12-31', '23:30', '2027-01-01', '00:00'));
  });
  it('an end time before the start time on the same day sets the start to end − 1 hour', () => {
    expect(linkScheduleTimes(times('2026-11-23', '14:00', '2026-11-23', '10:30'), 'endTime')).toEqual(times('2026-11-23', '09:30', '2026-11-23', '10:30'));
  });
  it('end hour 0 puts the start at 00:00', () => {
    expect(linkScheduleTimes(times('2026-11-23', '14:00', '2026-11-23', '00:30'), 'endTime')).toEqual(times('2026-11-23', '00:00', '2026-11-23', '00:30'));
  });
  it('leaves times alone on different days or when in order', () => {
    expect(linkScheduleTimes(times('2026-11-23', '14:00', '2026-11-24', '10:00'), 'startTime')).toEqual(times('2026-11-23', '14:00', '2026-11-24', '10:00'));
    expect(linkScheduleTimes(times('2026-11-23', '09:00', '2026-11-23', '10:00'), 'endTime')).toEqual(times('2026-11-23', '09:00', '2026-11-23', '10:00'));
  });
  it('moving the start date onto the end day fixes a crossing time too', () => {
    expect(linkScheduleTimes(times('2026-11-24', '15:00', '2026-11-23', '10:00'), 'startDate')).toEqual(times('2026-11-24', '15:00', '2026-11-24', '16:00'));
  });
});

describe('validateSchedule (docs/product.md#validation)', () => {
  const base = { title: 'Visit', startDate: '2026-11-23', startDateTime: '09:00', endDate: '2026-11-23', endDateTime: '10:00' };
  it('accepts a plain schedule', () => expect(validateSchedule(base)).toEqual([]));
  it('requires the title and dates', () => {
    expect(validateSchedule({ ...base, title: ' ', startDate: '' }).map((i) => i.field)).toEqual(['title', 'startDate']);
  });
  it('times use the HH:MM mask and are needed unless all day', () => {
    expect(validateSchedule({ ...base, startDateTime: '9:00' })).toEqual([{ field: 'startDateTime', reason: 'invalidValue' }]);
    expect(validateSchedule({ ...base, endDateTime: '24:00' })).toEqual([{ field: 'endDateTime', reason: 'invalidValue' }]);
    expect(validateSchedule({ ...base, endDateTime: null })).toEqual([{ field: 'endDateTime', reason: 'required' }]);
    expect(validateSchedule({ ...base, fullDay: true, startDateTime: null, endDateTime: null })).toEqual([]);
  });
  it('rejects a real-date error and an end before the start', () => {
    expect(validateSchedule({ ...base, endDate: '2026-02-30' })).toEqual([{ field: 'endDate', reason: 'invalidDate' }]);
    expect(validateSchedule({ ...base, endDateTime: '08:00' })).toEqual([{ field: 'endDateTime', reason: 'invalidValue' }]);
    expect(validateSchedule({ ...base, endDate: '2026-11-22' })).toEqual([{ field: 'endDate', reason: 'invalidValue' }]);
  });
  it('repeat count: numeric, at most 3 digits, ≥ 1, only checked for number', () => {
    const weekly = { ...base, repeatBy: 'week' as const, repeatDuring: 'number' as const };
    expect(validateSchedule({ ...weekly, repeatDuringVal: '10' })).toEqual([]);
    expect(validateSchedule({ ...weekly, repeatDuringVal: '1000' })).toEqual([{ field: 'repeatDuringVal', reason: 'tooLong' }]);
    expect(validateSchedule({ ...weekly, repeatDuringVal: 'ab' })).toEqual([{ field: 'repeatDuringVal', reason: 'invalidValue' }]);
    expect(validateSchedule({ ...weekly, repeatDuringVal: '0' })).toEqual([{ field: 'repeatDuringVal', reason: 'invalidValue' }]);
    expect(validateSchedule({ ...weekly, repeatDuringVal: '' })).toEqual([{ field: 'repeatDuringVal', reason: 'required' }]);
    expect(validateSchedule({ ...weekly, repeatDuring: 'forever', repeatDuringVal: 'ab' })).toEqual([]);
    expect(validateSchedule({ ...base, repeatBy: 'none', repeatDuring: 'number', repeatDuringVal: 'ab' })).toEqual([]);
  });
  it('repeat until: a real date not before the start', () => {
    const daily = { ...base, repeatBy: 'day' as const, repeatDuring: 'date' as const };
    expect(validateSchedule({ ...daily, repeatDuringVal: '2026-12-31' })).toEqual([]);
    expect(validateSchedule({ ...daily, repeatDuringVal: '2026-13-01' })).toEqual([{ field: 'repeatDuringVal', reason: 'invalidDate' }]);
    expect(validateSchedule({ ...daily, repeatDuringVal: '2026-11-01' })).toEqual([{ field: 'repeatDuringVal', reason: 'invalidValue' }]);
  });
  it('notice is one of the reminder options', () => {
    expect(validateSchedule({ ...base, notice: 600 })).toEqual([]);
    expect(validateSchedule({ ...base, notice: 700 })).toEqual([{ field: 'notice', reason: 'invalidValue' }]);
  });
});

describe('schedule payload schemas', () => {
  it('parses multipart-style strings and defaults', () => {
    const body = scheduleCreateBodySchema.parse({
      title: 'Call', startDate: '2026-11-23', startDateTime: '09:00', endDate: '2026-11-23', endDateTime: '09:30',
      fullDay: 'false', notice: '600', repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '10',
    });
    expect(body).toMatchObject({ fullDay: false, notice: 600, color: '#828B91', activity: [], complete: false });
  });
  it('names the failing field', () => {
    const result = scheduleCreateBodySchema.safeParse({ title: 'Call', startDate: '2026-11-23', endDate: '2026-11-23', startDateTime: '09:00', endDateTime: '9' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('endDateTime');
  });
  it('update defaults to scope all', () => {
    const body = scheduleUpdateBodySchema.parse({ title: 'Call', startDate: '2026-11-23', endDate: '2026-11-23', fullDay: true });
    expect(body.scope).toBe('all');
  });
});

describe('recurrence helpers', () => {
  it('builds and reads RRULE text', () => {
    expect(repeatToRrule({ repeatBy: 'none', repeatDuring: 'forever' })).toBeNull();
    expect(repeatToRrule({ repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '10' })).toBe('FREQ=WEEKLY;COUNT=10');
    expect(repeatToRrule({ repeatBy: 'day', repeatDuring: 'date', repeatDuringVal: '2026-12-31' })).toBe('FREQ=DAILY;UNTIL=20261231T235959');
    expect(repeatToRrule({ repeatBy: 'year', repeatDuring: 'forever' })).toBe('FREQ=YEARLY');
    expect(rruleToRepeat('FREQ=MONTHLY;UNTIL=20270105T235959')).toEqual({ repeatBy: 'month', repeatDuring: 'date', repeatDuringVal: '2027-01-05' });
    expect(rruleToRepeat('RRULE:FREQ=WEEKLY;COUNT=3')).toEqual({ repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '3' });
    expect(rruleToRepeat(null)).toEqual({ repeatBy: 'none', repeatDuring: 'forever', repeatDuringVal: null });
    expect(rruleCount('FREQ=WEEKLY;COUNT=3')).toBe(3);
  });
  it('splits a series for "this and following"', () => {
    expect(rruleEndingBefore('FREQ=WEEKLY;COUNT=10', '2026-12-07')).toBe('FREQ=WEEKLY;UNTIL=20261206T235959');
    expect(rruleFromOccurrence('FREQ=WEEKLY;COUNT=10', 2)).toBe('FREQ=WEEKLY;COUNT=8');
    expect(rruleFromOccurrence('FREQ=DAILY;UNTIL=20261231T235959', 5)).toBe('FREQ=DAILY;UNTIL=20261231T235959');
  });
  it('plans a scope change', () => {
    expect(planScopeChange('this', { isRecurring: false, isFirstOccurrence: true })).toBe('series');
    expect(planScopeChange('all', { isRecurring: true, isFirstOccurrence: false })).toBe('series');
    expect(planScopeChange('this', { isRecurring: true, isFirstOccurrence: false })).toBe('occurrence');
    expect(planScopeChange('following', { isRecurring: true, isFirstOccurrence: false })).toBe('split');
    expect(planScopeChange('following', { isRecurring: true, isFirstOccurrence: true })).toBe('series');
  });
  it('shifts the series start with the occurrence', () => {
    expect(shiftedSeriesStart('2026-11-02', '2026-11-23', '2026-11-25')).toBe('2026-11-04');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysFromTo('2026-03-29', '2026-03-28')).toBe(-1);
  });
});

describe('calendar filters and activity scores', () => {
  it('keeps events by filter', () => {
    const done = { type: 'schedule' as const, completed: true };
    expect(matchesCalendarFilter(done, 'completed')).toBe(true);
    expect(matchesCalendarFilter(done, 'uncompleted')).toBe(false);
    expect(matchesCalendarFilter(done, 'reservation')).toBe(false);
    expect(matchesCalendarFilter(done, 'schedule')).toBe(true);
  });
  it('sums points and derives targets (docs/product.md#limits)', () => {
    expect(activityScore([{ point: 3 }, { point: 5 }])).toBe(8);
    expect(activityTargets({ weightScore: 10, dailyTargetCount: 4 })).toEqual({ dailyTarget: 40, weeklyTarget: 200 });
  });
});
