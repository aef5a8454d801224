import { billingDate, type Plan } from '@lodestar/contract';

export { formatTwd } from '../../../shared/format/money.ts';

/** 1 GB, 20 GB, 512 MB. */
export function formatBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  if (gib >= 1) return `${Number.isInteger(gib) ? gib : gib.toFixed(1)} GB`;
  return `${Math.max(0, Math.round(bytes / 1024 ** 2))} MB`;
}

/** The date of an ISO instant in billing time (Taiwan), 'YYYY-MM-DD'. */
export function formatBillingDate(iso: string | null): string {
  return iso ? billingDate(new Date(iso)) : '—';
}

/** i18n key of a plan's name. */
export const planNameKey = (plan: Plan) => `plans.${plan}.name`;
