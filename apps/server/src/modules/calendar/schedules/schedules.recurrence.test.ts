import { rruleEndingBefore, rruleFromOccurrence } from '@lodestar/contract';
import { describe, expect, it } from 'vitest';
import { expand, instantToZoned, isOccurrenceDate, occurrencesBefore, seriesBounds, zonedToInstant, type SeriesTiming } from './schedules.recurrence.ts';

const weekly = (timezone: string, extra: Partial<SeriesTiming> = {}): SeriesTiming => ({
  startDate: '2026-03-02',
  startTime: '09:00',
  endDate: '2026-03-02',
  endTime: '10:00',
  fullDay: false,
  timezone,
  rrule: 'FREQ=WEEKLY;COUNT=10',
  ...extra,
});

describe('wall clock ↔ instant', () => {
  it('Asia/Taipei is UTC+8 all year', () => {
    expect(zonedToInstant('2026-11-23', '09:00', 'Asia/Taipei').toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(zonedToInstant('2026-07-01', '00:30', 'Asia/Taipei').toISOString()).toBe('2026-06-30T16:30:00.000Z');
    expect(instantToZoned(new Date('2026-11-22T16:30:00Z'), 'Asia/Taipei')).toEqual({ date: '2026-11-23', time: '00:30' });
  });
  it('America/New_York follows DST; a gap moves forward, an overlap takes daylight time', () => {
    expect(zonedToInstant('2026-03-02', '09:00', 'America/New_York').toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(zonedToInstant('2026-03-16', '09:00', 'America/New_York').toISOString()).toBe('2026-03-16T13:00:00.000Z');
    // 2026-03-08 02:30 does not exist in New York.
    expect(zonedToInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 2026-11-01 01:30 happens twice; the first (EDT) is taken.
    expect(zonedToInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('expand', () => {
  it('keeps 09:00 local across the DST change (New York)', () => {
    const items = expand(weekly('America/New_York'), '2026-03-01', '2026-03-21');
    expect(items.map((o) => o.occurrenceDate)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(items.map((o) => o.startTime)).toEqual(['09:00', '09:00', '09:00']);
    expect(items.map((o) => o.start.toISOString())).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z']);
  });
  it('stops after COUNT and honours UNTIL (Taipei)', () => {
    expect(expand(weekly('Asia/Taipei'), '2026-03-01', '2026-12-31')).toHaveLength(10);
    const until = weekly('Asia/Taipei', { rrule: 'FREQ=DAILY;UNTIL=20260305T235959' });
    expect(expand(until, '2026-03-01', '2026-03-31').map((o) => o.occurrenceDate)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
  });
  it('a forever daily series far in the past is fast-forwarded to the window', () => {
    const daily = weekly('Asia/Taipei', { startDate: '2016-01-01', endDate: '2016-01-01', rrule: 'FREQ=DAILY' });
    const items = expand(daily, '2026-11-01', '2026-11-30');
    expect(items).toHaveLength(30);
    expect(items[0]!.occurrenceDate).toBe('2026-11-01');
  });
  it('an occurrence spanning midnight shows on the days it covers; all-day ends exclusive', () => {
    const overnight = weekly('Asia/Taipei', { startTime: '23:00', endDate: '2026-03-03', endTime: '01:00', rrule: null });
    expect(expand(overnight, '2026-03-03', '2026-03-03')).toHaveLength(1);
    const allDay = weekly('Asia/Taipei', { fullDay: true, startTime: null, endTime: null, rrule: 'FREQ=MONTHLY;COUNT=2' });
    const [first] = expand(allDay, '2026-03-01', '2026-03-31');
    expect(first!.end.toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });
});

describe('closed-form rules agree with rrule', () => {
  const dates = (series: SeriesTiming) => expand(series, '2024-01-01', '2028-12-31').map((o) => o.occurrenceDate);
  it('monthly on the 31st skips short months; yearly on 29 February skips common years; COUNT counts produced ones', () => {
    const monthly = weekly('Asia/Taipei', { startDate: '2026-01-31', endDate: '2026-01-31', rrule: 'FREQ=MONTHLY;COUNT=6' });
    expect(dates(monthly)).toEqual(dates({ ...monthly, rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6' }));
    expect(dates(monthly)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31', '2026-10-31']);
    const leap = weekly('Asia/Taipei', { startDate: '2024-02-29', endDate: '2024-02-29', rrule: 'FREQ=YEARLY' });
    expect(dates(leap)).toEqual(dates({ ...leap, rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29' }));
    expect(dates(leap)).toEqual(['2024-02-29', '2028-02-29']);
    const every2 = weekly('America/New_York', { rrule: 'FREQ=WEEKLY;INTERVAL=2;UNTIL=20260601T235959' });
    expect(dates(every2)).toEqual(dates({ ...every2, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20260601T235959' }));
  });
});

describe('series bounds and splitting', () => {
  it('stores the last end (null forever)', () => {
    expect(seriesBounds(weekly('Asia/Taipei')).lastEndsAt?.toISOString()).toBe('2026-05-04T02:00:00.000Z');
    expect(seriesBounds(weekly('Asia/Taipei', { rrule: 'FREQ=WEEKLY' })).lastEndsAt).toBeNull();
  });
  it('"this and following" splits a COUNT series into the same occurrences (DST zone)', () => {
    const series = weekly('Europe/Berlin');
    const split = '2026-03-30';
    expect(isOccurrenceDate(series, split)).toBe(true);
    expect(isOccurrenceDate(series, '2026-03-31')).toBe(false);
    const before = occurrencesBefore(series, split);
    expect(before).toBe(4);
    const oldPart = { ...series, rrule: rruleEndingBefore(series.rrule!, split) };
    const newPart = { ...series, startDate: split, endDate: split, rrule: rruleFromOccurrence(series.rrule!, before) };
    const all = expand(series, '2026-01-01', '2026-12-31').map((o) => o.start.toISOString());
    const parts = [...expand(oldPart, '2026-01-01', '2026-12-31'), ...expand(newPart, '2026-01-01', '2026-12-31')].map((o) => o.start.toISOString());
    expect(parts).toEqual(all);
    // Berlin moves to summer time on 2026-03-29: 09:00 local is 08:00Z before and 07:00Z after.
    expect(all[3]).toBe('2026-03-23T08:00:00.000Z');
    expect(all[4]).toBe('2026-03-30T07:00:00.000Z');
  });
});
