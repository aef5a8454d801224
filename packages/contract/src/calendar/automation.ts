import { z } from 'zod';
import { addDays } from './schedules.ts';

/**
 * Automation (docs/product.md#automation): when a deal is closed won, a follow-up schedule for its owner after
 * one week, one month, six months, one year or a custom number of days (docs/product.md#limits), linked to the
 * deal's client, company and deal. One follow-up per deal, ever: re-saving, re-opening and closing again add none.
 */
export const followUpDelays = ['oneWeek', 'oneMonth', 'sixMonths', 'oneYear', 'custom'] as const;
export type FollowUpDelay = (typeof followUpDelays)[number];

export const automationSettingSchema = z
  .object({
    followUpEnabled: z.boolean(),
    followUpDelay: z.enum(followUpDelays),
    /** Days after the close for the custom delay, 1–3650. */
    customDays: z.number().int().min(1).max(3650).nullable(),
    /** The follow-up's title before the deal's name. */
    titlePrefix: z.string().trim().min(1).max(50),
  })
  .superRefine((value, ctx) => {
    if (value.followUpDelay === 'custom' && value.customDays === null) ctx.addIssue({ code: 'custom', path: ['customDays'], message: 'required' });
  });
export type AutomationSetting = z.infer<typeof automationSettingSchema>;
export const defaultAutomationSetting: AutomationSetting = { followUpEnabled: false, followUpDelay: 'oneWeek', customDays: null, titlePrefix: '售後追蹤' };

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The follow-up's day: months keep the day of month (31 January + one month = 29 February in a leap year). */
export function followUpDate(closedOn: string, setting: Pick<AutomationSetting, 'followUpDelay' | 'customDays'>): string {
  switch (setting.followUpDelay) {
    case 'oneWeek':
      return addDays(closedOn, 7);
    case 'oneMonth':
      return addMonths(closedOn, 1);
    case 'sixMonths':
      return addMonths(closedOn, 6);
    case 'oneYear':
      return addMonths(closedOn, 12);
    default:
      return addDays(closedOn, setting.customDays ?? 1);
  }
}
