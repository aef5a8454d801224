import { describe, expect, it } from 'vitest';
import { couponRefusal, discountedAmount } from './coupons.ts';
import { effectiveLimits, fitsWithin, monthlyAmount, planChangeKind, planDefinitions } from './plans.ts';
import { addMonthsClamped, billingDate, graceEndsAt, nextPeriodEnd, nextRetryAt, periodEnd, renewalDueAt } from './renewal.ts';

/** Noon Taiwan time (04:00 UTC) on a date. */
const taipeiNoon = (date: string) => new Date(`${date}T04:00:00.000Z`);

describe('renewal dates (month ends)', () => {
  it('31 January renews on 28 February, then back to 31 March', () => {
    const anchor = taipeiNoon('2027-01-31');
    expect(billingDate(periodEnd(anchor, 1))).toBe('2027-02-28');
    expect(billingDate(periodEnd(anchor, 2))).toBe('2027-03-31');
    expect(billingDate(periodEnd(anchor, 3))).toBe('2027-04-30');
  });

  it('in a leap year February ends on the 29th', () => {
    expect(billingDate(addMonthsClamped(taipeiNoon('2028-01-31'), 1))).toBe('2028-02-29');
    expect(billingDate(addMonthsClamped(taipeiNoon('2028-01-30'), 1))).toBe('2028-02-29');
  });

  it('counts months in Taiwan time: 1 February 03:00 in Taipei is still a 1st-of-month anchor', () => {
    const anchor = new Date('2027-01-31T19:00:00.000Z'); // 2027-02-01 03:00 +08:00
    expect(billingDate(periodEnd(anchor, 1))).toBe('2027-03-01');
  });

  it('December rolls into the next year', () => {
    expect(billingDate(addMonthsClamped(taipeiNoon('2026-12-15'), 1))).toBe('2027-01-15');
  });

  it('the next period end after a moment, with free months added', () => {
    const anchor = taipeiNoon('2027-01-31');
    expect(billingDate(nextPeriodEnd(anchor, taipeiNoon('2027-02-28')))).toBe('2027-03-31');
    expect(billingDate(nextPeriodEnd(anchor, anchor, 2))).toBe('2027-04-30');
  });

  it('charges 24 hours before the end; retries, then a grace period', () => {
    const end = new Date('2027-03-31T04:00:00.000Z');
    const due = renewalDueAt(end);
    expect(due.toISOString()).toBe('2027-03-30T04:00:00.000Z');
    expect(nextRetryAt(due, 1)?.toISOString()).toBe('2027-03-31T04:00:00.000Z');
    expect(nextRetryAt(due, 2)?.toISOString()).toBe('2027-04-02T04:00:00.000Z');
    expect(nextRetryAt(due, 3)?.toISOString()).toBe('2027-04-04T04:00:00.000Z');
    expect(nextRetryAt(due, 4)).toBeNull();
    expect(graceEndsAt(end).toISOString()).toBe('2027-04-07T04:00:00.000Z');
  });
});

describe('plans and upgrade rules', () => {
  const choice = (plan: 'free' | 'basic' | 'pro' | 'subscribe_team', extraSeats = 0, extraStorageBlocks = 0) => ({ plan, extraSeats, extraStorageBlocks });

  it('Free has the documented limits; paid plans are unlimited with 20 GB', () => {
    expect(planDefinitions.free.limits).toMatchObject({ contacts: 100, contactTags: 8, companyTags: 5, salesStages: 6, products: 5, storageBytes: 1024 ** 3 });
    expect(planDefinitions.pro.limits).toMatchObject({ contacts: null, storageBytes: 20 * 1024 ** 3 });
    expect(planDefinitions.subscribe_team.features.memberInvitations).toBe(true);
    expect(planDefinitions.pro.features.memberInvitations).toBe(false);
  });

  it('prices options and adds them to the limits (seats only on Team)', () => {
    expect(monthlyAmount(choice('subscribe_team', 2, 1))).toBe(1490 + 2 * 250 + 100);
    expect(monthlyAmount(choice('basic', 3))).toBe(290);
    expect(effectiveLimits(choice('subscribe_team', 2, 1))).toMatchObject({ seats: 7, storageBytes: 30 * 1024 ** 3 });
  });

  it('a higher plan or more options is an upgrade (immediate); anything less is a downgrade (at the period end)', () => {
    expect(planChangeKind(choice('basic'), choice('subscribe_team'))).toBe('upgrade');
    expect(planChangeKind(choice('subscribe_team'), choice('pro'))).toBe('downgrade');
    expect(planChangeKind(choice('subscribe_team', 1), choice('subscribe_team', 2))).toBe('upgrade');
    expect(planChangeKind(choice('subscribe_team', 2, 0), choice('subscribe_team', 3, 0))).toBe('upgrade');
    expect(planChangeKind(choice('subscribe_team', 2, 1), choice('subscribe_team', 3, 0))).toBe('downgrade');
    expect(planChangeKind(choice('pro'), choice('pro'))).toBe('same');
  });

  it('limits: null is unlimited; at the limit nothing more fits', () => {
    expect(fitsWithin(null, 10_000)).toBe(true);
    expect(fitsWithin(100, 99)).toBe(true);
    expect(fitsWithin(100, 100)).toBe(false);
    expect(fitsWithin(8, 6, 3)).toBe(false);
  });
});

describe('coupons', () => {
  it('takes a percentage or an amount off, never below zero', () => {
    expect(discountedAmount(1490, { kind: 'percent', value: 20 })).toBe(1192);
    expect(discountedAmount(290, { kind: 'amount', value: 500 })).toBe(0);
    expect(discountedAmount(290, { kind: 'freeMonths', value: 1 })).toBe(290);
  });

  it('refuses outside the window, when used up, or a second time for a workspace', () => {
    const now = new Date('2027-01-10T00:00:00Z');
    const base = { validFrom: new Date('2027-01-01T00:00:00Z'), validUntil: new Date('2027-02-01T00:00:00Z'), maxRedemptions: 2, redemptions: 0 };
    expect(couponRefusal(base, now, false)).toBeNull();
    expect(couponRefusal(base, new Date('2026-12-31T00:00:00Z'), false)).toBe('notStarted');
    expect(couponRefusal(base, new Date('2027-02-01T00:00:00Z'), false)).toBe('expired');
    expect(couponRefusal({ ...base, redemptions: 2 }, now, false)).toBe('exhausted');
    expect(couponRefusal(base, now, true)).toBe('alreadyRedeemed');
  });
});
