import { z } from 'zod';
import { dateOnlySchema, uuidSchema } from '../platform/common.ts';
import { jsonQueryParam } from '../records/records.ts';
import { isPeriodSymbol, periodKinds, type PeriodKind } from './activity-periods.ts';

/**
 * Activity reports (docs/product.md#activity-reports): points earned by completing schedules with activity
 * items, per person and item, against the target of each person's activity profile, for a week, month,
 * quarter (period symbols) or a custom range of days. Privilege feature `activityReport`, whose scope says
 * whose points one may see.
 */

export const reportTypes = [...periodKinds, 'custom'] as const;
export type ReportType = (typeof reportTypes)[number];

/** Whose points, narrowed within what the privilege allows (docs/product.md#permissions: visibility scopes). */
export const reportScopes = ['all', 'mine', 'sameDepartment', 'subordinates'] as const;
export type ReportScope = (typeof reportScopes)[number];

export const reportAdvanceFilterSchema = z.object({
  scope: z.enum(reportScopes).optional(),
  departmentId: uuidSchema.optional(),
  userIds: z.array(uuidSchema).max(500).optional(),
  /** custom type: first and last day (inclusive), at most 366 days. */
  from: dateOnlySchema.optional(),
  to: dateOnlySchema.optional(),
});
export type ReportAdvanceFilter = z.infer<typeof reportAdvanceFilterSchema>;

/**
 * `reportDate`: the period symbol of the type (`2024W5`, `2024M3`, `2024Q2`) or a day inside it
 * (YYYY-MM-DD); absent: the period holding today (workspace time). The custom type takes from/to in advanceFilter.
 */
export const reportDateSchema = z.string().max(10).refine((v) => isPeriodSymbol(v) || /^\d{4}-\d{2}-\d{2}$/.test(v), { message: 'invalidValue' });

export const reportQuerySchema = z.object({
  type: z.enum(reportTypes).default('week'),
  reportDate: reportDateSchema.optional(),
  advanceFilter: jsonQueryParam(reportAdvanceFilterSchema, 20_000).optional(),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const reportPeriodSchema = z.object({
  type: z.enum(reportTypes),
  /** null for a custom range. */
  symbol: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  /** Monday–Friday in the range (targets of months, quarters and custom ranges count these). */
  workingDays: z.number().int(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportItemColumnSchema = z.object({ id: z.string(), name: z.string(), point: z.number().int() });
export const itemCellSchema = z.object({ points: z.number().int(), count: z.number().int() });

export const reportRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** Keyed by activity item id; `other` holds the points of items deleted since. */
  items: z.record(z.string(), itemCellSchema),
  count: z.number().int(),
  total: z.number().int(),
  /** null: no activity profile, no target ("—"). */
  target: z.number().int().nullable(),
  reached: z.number().int().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportTeamSchema = z.object({
  departmentId: z.string().nullable(),
  name: z.string().nullable(),
  members: z.number().int(),
  count: z.number().int(),
  total: z.number().int(),
  target: z.number().int().nullable(),
  reached: z.number().int().nullable(),
});

export const reportColumns = ['count', 'total', 'target', 'reached'] as const;
export type ReportColumn = (typeof reportColumns)[number];

/** GET /api/activity/report. */
export const activityReportSchema = z.object({
  period: reportPeriodSchema,
  items: z.array(reportItemColumnSchema),
  columns: z.array(z.enum(reportColumns)),
  rows: z.array(reportRowSchema),
  teams: z.array(reportTeamSchema),
  totals: z.object({ count: z.number().int(), total: z.number().int(), target: z.number().int().nullable(), reached: z.number().int().nullable() }),
  /** What the workspace has configured: the page explains what to set up when nothing can be reported yet. */
  setup: z.object({ items: z.number().int(), profiles: z.number().int() }),
});
export type ActivityReport = z.infer<typeof activityReportSchema>;

/** GET /api/report/personal: one person's days. */
export const personalQuerySchema = reportQuerySchema.extend({ uid: uuidSchema.optional() });
export type PersonalQuery = z.input<typeof personalQuerySchema>;
export const personalDaySchema = z.object({
  date: z.string(),
  items: z.record(z.string(), itemCellSchema),
  count: z.number().int(),
  total: z.number().int(),
  /** The daily target on working days, null on weekends or without a profile. */
  target: z.number().int().nullable(),
});
export const personalReportSchema = z.object({
  period: reportPeriodSchema,
  user: z.object({ userId: z.string(), name: z.string(), profileName: z.string().nullable(), dailyTarget: z.number().int().nullable() }),
  items: z.array(reportItemColumnSchema),
  days: z.array(personalDaySchema),
  totals: z.object({ count: z.number().int(), total: z.number().int(), target: z.number().int().nullable(), reached: z.number().int().nullable() }),
});
export type PersonalReport = z.infer<typeof personalReportSchema>;

/** GET /api/report/detail: the completed schedules behind a person's points on a day (or a range). */
export const detailQuerySchema = z.object({ uid: uuidSchema, date: dateOnlySchema, to: dateOnlySchema.optional() });
const linkSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export const activityEntrySchema = z.object({
  scheduleId: z.string(),
  occurrenceDate: z.string(),
  earnedOn: z.string(),
  title: z.string(),
  userId: z.string(),
  userName: z.string(),
  items: z.array(z.object({ itemId: z.string().nullable(), name: z.string(), point: z.number().int() })),
  total: z.number().int(),
  client: linkSchema,
  company: linkSchema,
  deal: linkSchema,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const detailSchema = z.object({ items: z.array(activityEntrySchema) });

/** GET /api/activity/report/list: completed activities with filters, newest first, bounded pages. */
export const activityListQuerySchema = z.object({
  from: dateOnlySchema,
  to: dateOnlySchema,
  uid: uuidSchema.optional(),
  itemId: uuidSchema.optional(),
  clientId: uuidSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(2000).default(50),
});
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;
export const activityListSchema = z.object({ items: z.array(activityEntrySchema), total: z.number().int(), points: z.number().int() });

/** GET/POST /api/report/setting: which items and columns the workspace's report shows (null: every item). */
export const reportSettingSchema = z.object({
  itemIds: z.array(uuidSchema).max(200).nullable(),
  columns: z.array(z.enum(reportColumns)).max(reportColumns.length),
});
export type ReportSetting = z.infer<typeof reportSettingSchema>;
export const defaultReportSetting: ReportSetting = { itemIds: null, columns: [...reportColumns] };

/** GET /api/activity/targetHeader: the caller's points against today's and this week's target. */
export const targetHeaderSchema = z.object({
  today: z.object({ date: z.string(), points: z.number().int(), target: z.number().int().nullable() }),
  week: z.object({ symbol: z.string(), points: z.number().int(), target: z.number().int().nullable() }),
});
export type TargetHeader = z.infer<typeof targetHeaderSchema>;

/** GET /api/report/performanceTarget: the monthly sales targets of every visible member for a year, with the amounts won. */
export const performanceTargetQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const performanceTargetSchema = z.object({
  year: z.number().int(),
  rows: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      departmentId: z.string().nullable(),
      departmentName: z.string().nullable(),
      /** Twelve months, money as decimal text. */
      targets: z.array(z.string()),
      achieved: z.array(z.string()),
    }),
  ),
  /**
   * Every department of the workspace (a tree by parentId, ordered by name) with its stored monthly targets
   * (POST /departmentTarget), twelve months, null where none is stored.
   */
  departments: z.array(z.object({ departmentId: z.string(), name: z.string(), parentId: z.string().nullable(), targets: z.array(z.string().nullable()) })),
});
export type PerformanceTargetGrid = z.infer<typeof performanceTargetSchema>;

/** The report paths of the web (docs/product.md#screens) per type. */
export function reportPath(orgId: string, type: PeriodKind, personal = false): string {
  return `/${orgId}/activity/report/${type}${personal ? '/personal' : ''}`;
}
