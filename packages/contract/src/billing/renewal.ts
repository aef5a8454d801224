/**
 * Renewal dates and the dunning schedule (docs/product.md#limits: renew automatically 24 hours before the
 * period ends, a monthly card charge). Pure functions, shared by the server's scheduler and the web's
 * plan info page.
 *
 * Periods are whole months counted from the subscription's anchor (its first payment), in Taiwan time
 * (UTC+8, no daylight saving), so a month that is too short ends on its last day and the next one comes
 * back to the anchor's day: 31 January → 28/29 February → 31 March.
 */
export const billingUtcOffsetMinutes = 8 * 60;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The renewal charge is due this long before the period ends. */
export const renewalLeadMs = 24 * hourMs;

/**
 * After a declined renewal: retry this many hours after the first attempt (at the period end, then two and
 * four days after it); the workspace is frozen when the period ended this many days ago without payment.
 */
export const dunning = { retryAfterHours: [24, 72, 120], graceDays: 7 } as const;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `date` plus `months` calendar months in billing time, clamped to the month's last day. */
export function addMonthsClamped(date: Date, months: number, offsetMinutes = billingUtcOffsetMinutes): Date {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(local.getUTCDate(), daysInMonth(targetYear, targetMonth));
  const shifted = Date.UTC(targetYear, targetMonth, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(shifted - offsetMinutes * 60_000);
}

/** The end of the `index`-th period (1 = the first) of a subscription anchored at `anchor`. */
export function periodEnd(anchor: Date, index: number): Date {
  return addMonthsClamped(anchor, index);
}

/** The first period boundary after `after`, plus `extraMonths` more (free months), counted from the anchor. */
export function nextPeriodEnd(anchor: Date, after: Date, extraMonths = 0): Date {
  let index = 1;
  while (periodEnd(anchor, index).getTime() <= after.getTime()) index += 1;
  return periodEnd(anchor, index + extraMonths);
}

/** When the renewal of the period ending at `end` is charged. */
export function renewalDueAt(end: Date): Date {
  return new Date(end.getTime() - renewalLeadMs);
}

/** After `attemptsMade` declined attempts of one renewal (first at `firstAttemptAt`): the next try, or null (no more). */
export function nextRetryAt(firstAttemptAt: Date, attemptsMade: number): Date | null {
  const hours = dunning.retryAfterHours[attemptsMade - 1];
  return hours === undefined ? null : new Date(firstAttemptAt.getTime() + hours * hourMs);
}

/** An unpaid renewal freezes the workspace at this moment (the grace period after the period end). */
export function graceEndsAt(end: Date): Date {
  return new Date(end.getTime() + dunning.graceDays * dayMs);
}

/** 'YYYY-MM-DD' of an instant in billing time (receipts, plan info). */
export function billingDate(date: Date): string {
  return new Date(date.getTime() + billingUtcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}
