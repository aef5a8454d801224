import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../imports/record-cells.ts';
import { dayIn, instantAt as zonedInstant, wallClockIn } from './time-zones.ts';

describe('workspace time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Asia/Taipei')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
      });

  it('turns a local day and time into the instant, Taipei (no DST)', () => {
    expect(zonedInstant('2026-03-09', '09:00', 'Asia/Taipei').toISOString()).toBe('2026-03-09T01:00:00.000Z');
    expect(dayIn(new Date('2026-03-08T16:30:00Z'), 'Asia/Taipei')).toBe('2026-03-09');
  });

  it('follows New York across both DST changes', () => {
    // EST (UTC-5) before 8 March 2026, EDT (UTC-4) after; back to EST on 1 November 2026.
    expect(zonedInstant('2026-03-06', '09:00', 'America/New_York').toISOString()).toBe('2026-03-06T14:00:00.000Z');
    expect(zonedInstant('2026-03-09', '09:00', 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(zonedInstant('2026-11-02', '09:00', 'America/New_York').toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // 02:30 does not exist on 8 March: booking's rule gives 01:30 EST, an hour before the gap (never skipped).
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T06:30:00.000Z');
    // 01:30 happens twice on 1 November: the first one (EDT).
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClockIn(new Date('2026-03-09T13:00:00Z'), 'America/New_York')).toMatchObject({ day: '2026-03-09', minutes: 540, offsetMinutes: -240 });
  });
});
