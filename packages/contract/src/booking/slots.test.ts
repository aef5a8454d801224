import { describe, expect, it } from 'vitest';
import { additionalItemBodySchema, bookingServiceBodySchema, isSortAllowed, priceColumnsOf, priceDisplay } from './booking-services.ts';
import { businessSaveBodySchema, weekRules } from './businesses.ts';
import { reservationCreateBodySchema } from './reservations.ts';
import {
  durationOf,
  freeTimes,
  isSlotFree,
  localNow,
  monthTimes,
  slotProblem,
  stepsCovered,
  zonedInstant,
  type DayRules,
  type SlotQuery,
} from './slots.ts';

const day: DayRules = { isOpen: true, start: 9 * 60, end: 18 * 60, breaks: [{ start: 12 * 60, end: 13 * 60 }] };
const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({
  rules: day,
  duration: 60,
  people: 1,
  capacity: 3,
  booked: new Map(),
  ...over,
});

describe('stepsCovered', () => {
  it('covers every 30-minute step of the duration', () => {
    expect(stepsCovered(600, 90)).toEqual([600, 630, 660]);
    expect(stepsCovered(600, 30)).toEqual([600]);
    // Zero-length still holds its first step.
    expect(stepsCovered(600, 0)).toEqual([600]);
  });
});

describe('durationOf', () => {
  it('sums hours × 60 + minutes of services and add-ons', () => {
    expect(durationOf([{ hour: 1, minute: 30 }, { hour: 0, minute: 30 }, { hour: 0, minute: 0 }])).toBe(120);
  });
});

describe('freeTimes', () => {
  it('lists starts inside business hours whose whole duration avoids the break', () => {
    const times = freeTimes(query());
    expect(times[0]).toBe('09:00');
    expect(times).toContain('11:00');
    // 11:30 + 60 min runs into the 12:00 break; 12:00 and 12:30 are in it.
    expect(times).not.toContain('11:30');
    expect(times).not.toContain('12:00');
    expect(times).not.toContain('12:30');
    expect(times).toContain('13:00');
    // The last start whose hour ends by 18:00.
    expect(times.at(-1)).toBe('17:00');
  });

  it('counts add-on durations: a 2-hour booking needs two free hours', () => {
    const times = freeTimes(query({ duration: 120 }));
    expect(times).toEqual(['09:00', '09:30', '10:00', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
  });

  it('checks every overlapping step against the capacity', () => {
    // 2 of 3 booked at 10:30 only.
    const booked = new Map([[630, 2]]);
    expect(isSlotFree(query({ booked, people: 1 }), 600)).toBe(true);
    expect(isSlotFree(query({ booked, people: 2 }), 600)).toBe(false); // 10:00–11:00 covers 10:30
    expect(isSlotFree(query({ booked, people: 2 }), 660)).toBe(true); // 11:00 starts after it
    expect(isSlotFree(query({ booked, people: 2 }), 570)).toBe(true); // 09:30–10:30 ends where 10:30 begins
    expect(slotProblem(query({ booked, people: 2 }), 600)).toBe('full');
  });

  it('has nothing when people exceed the capacity, and nothing on closed days', () => {
    expect(freeTimes(query({ people: 4 }))).toEqual([]);
    expect(slotProblem(query({ people: 4 }), 600)).toBe('full');
    expect(freeTimes(query({ rules: { ...day, isOpen: false } }))).toEqual([]);
    expect(freeTimes(query({ people: 0 }))).toEqual([]);
  });

  it('handles the 23:30 edge: a day open until 24:00 takes a last 30-minute booking, not a longer one', () => {
    const late: DayRules = { isOpen: true, start: 22 * 60, end: 24 * 60, breaks: [] };
    expect(freeTimes(query({ rules: late, duration: 30 }))).toEqual(['22:00', '22:30', '23:00', '23:30']);
    expect(freeTimes(query({ rules: late, duration: 60 }))).toEqual(['22:00', '22:30', '23:00']);
    expect(isSlotFree(query({ rules: late, duration: 60 }), 23 * 60 + 30)).toBe(false);
    expect(slotProblem(query({ rules: late, duration: 60 }), 23 * 60 + 30)).toBe('unavailable');
  });

  it('drops times already past today', () => {
    expect(freeTimes(query({ notBefore: 15 * 60 + 1 }))[0]).toBe('15:30');
    expect(slotProblem(query({ notBefore: 15 * 60 + 1 }), 600)).toBe('unavailable');
  });

  it('refuses starts off the 30-minute grid', () => {
    expect(isSlotFree(query(), 615)).toBe(false);
  });
});

describe('monthTimes', () => {
  const week = weekRules(businessSaveBodySchema.parse({ idName: 'shop', concurrentBooking: 2 }).hours);
  it('answers every day; past days, weekends and full days are empty', () => {
    const bookedByDate = new Map([['2026-12-02', new Map(Array.from({ length: 18 }, (_, i) => [540 + i * 30, 2] as [number, number]))]]);
    const days = monthTimes({ year: 2026, month: 12, week, duration: 60, people: 1, capacity: 2, bookedByDate, now: { date: '2026-12-01', minute: 10 * 60 } });
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ day: 1, times: ['10:30', '11:00', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00'] });
    expect(days[1]!.times).toEqual([]); // full
    expect(days[2]!.times.length).toBeGreaterThan(0);
    expect(days[4]!.times).toEqual([]); // 2026-12-05 is a Saturday
    const past = monthTimes({ year: 2026, month: 11, week, duration: 60, people: 1, capacity: 2, bookedByDate, now: { date: '2026-12-01', minute: 0 } });
    expect(past.every((d) => d.times.length === 0)).toBe(true);
  });
});

describe('time zones', () => {
  it('turns a local date and time into the instant and back', () => {
    expect(zonedInstant('2026-12-01', 10 * 60, 'Asia/Taipei').toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(zonedInstant('2026-12-01', 24 * 60, 'Asia/Taipei').toISOString()).toBe('2026-12-01T16:00:00.000Z');
    expect(zonedInstant('2026-07-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedInstant('2026-12-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(localNow(new Date('2026-11-30T17:30:00Z'), 'Asia/Taipei')).toEqual({ date: '2026-12-01', minute: 90 });
  });
});

describe('prices (docs/product.md#validation)', () => {
  const base = { title: 'Cut' };
  it('takes only the chosen type’s fields and names the wrong one', () => {
    expect(bookingServiceBodySchema.safeParse({ ...base, payType: 'free' }).success).toBe(true);
    const extra = bookingServiceBodySchema.safeParse({ ...base, payType: 'free', price: 100 });
    expect(extra.error?.issues.map((i) => i.path.join('.'))).toEqual(['price']);
    const missing = bookingServiceBodySchema.safeParse({ ...base, payType: 'charge', priceType: 'PriceRange', priceMin: 500 });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['priceMax', 'required']]);
    const wrongOrder = bookingServiceBodySchema.safeParse({ ...base, payType: 'charge', priceType: 'PriceRange', priceMin: 500, priceMax: 300 });
    expect(wrongOrder.error?.issues.map((i) => i.path.join('.'))).toEqual(['priceMax']);
    expect(bookingServiceBodySchema.safeParse({ ...base, payType: 'charge' }).error?.issues[0]?.path).toEqual(['priceType']);
    const tooShort = bookingServiceBodySchema.safeParse({ ...base, payType: 'free', time: { hour: 0, minute: 0 } });
    expect(tooShort.error?.issues[0]?.path).toEqual(['time', 'minute']);
    expect(additionalItemBodySchema.parse({ title: 'Wash', payType: 'free' }).time).toEqual({ hour: 0, minute: 0 });
  });

  it('shows fixed, from and range prices', () => {
    const p = (body: object) => priceDisplay(priceColumnsOf(bookingServiceBodySchema.parse({ ...base, ...body })));
    expect(p({ payType: 'free' })).toEqual({ priceStr: '', estimatedAmount: '0' });
    expect(p({ payType: 'charge', priceType: 'PriceFixed', price: 1200 })).toEqual({ priceStr: '$1,200', estimatedAmount: '1200.00' });
    expect(p({ payType: 'charge', priceType: 'PriceBase', priceBase: '800.5' })).toEqual({ priceStr: '$800.50 up', estimatedAmount: '800.50' });
    expect(p({ payType: 'charge', priceType: 'PriceRange', priceMin: 300, priceMax: 500 }).priceStr).toBe('$300 - $500');
  });
});

describe('sort saves with fixed items (docs/product.md#states)', () => {
  const current = [
    { id: 'a', fixed: true },
    { id: 'b', fixed: false },
    { id: 'c', fixed: false },
  ];
  it('keeps fixed items in place', () => {
    expect(isSortAllowed(current, ['a', 'c', 'b'])).toBe('ok');
    expect(isSortAllowed(current, ['b', 'a', 'c'])).toBe('fixedMoved');
    expect(isSortAllowed(current, ['a', 'b'])).toBe('mismatch');
    expect(isSortAllowed(current, ['a', 'b', 'b'])).toBe('mismatch');
    expect(isSortAllowed(current, ['a', 'b', 'x'])).toBe('mismatch');
  });
});

describe('reservation payload (docs/product.md#fields, #validation)', () => {
  const base = { requestKey: 'key-12345', businessId: '0190d2a4-7b1c-7c3e-9a55-3b2f1d4e5a6b', year: 2026, month: 12, day: 1, selectedTime: '10:00', people: 1 };
  it('requires name, phone and email unless a client is linked', () => {
    const r = reservationCreateBodySchema.safeParse(base);
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'required'],
      ['phone', 'required'],
      ['email', 'required'],
    ]);
    expect(reservationCreateBodySchema.safeParse({ ...base, associateCustomer: '0190d2a4-7b1c-7c3e-9a55-3b2f1d4e5a6b' }).success).toBe(true);
    expect(reservationCreateBodySchema.safeParse({ ...base, associateCustomer: '', name: 'A', phone: '0912', email: 'a@b.co' }).success).toBe(true);
    expect(reservationCreateBodySchema.safeParse({ ...base, name: 'A', phone: '0912', email: 'nope' }).error?.issues[0]?.path).toEqual(['email']);
    expect(reservationCreateBodySchema.safeParse({ ...base, associateCustomer: '', selectedTime: '10:15' }).success).toBe(false);
  });
});
