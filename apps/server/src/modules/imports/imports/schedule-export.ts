import {
  calendarFilters,
  daysFromTo,
  formatCategory,
  formatDateTime,
  formatNotice,
  formatRepeat,
  formatYesNo,
  isRealDate,
  rruleToRepeat,
  scheduleExportMaxDays,
  type ExportBody,
  type Locale,
} from '@lodestar/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { scheduleTransfer } from '../../calendar/schedules/schedules.service.ts';

/**
 * The calendar's export (docs/product.md#import-and-export). range=filter is the dates the calendar shows: one row per
 * occurrence there, as the calendar lists it (its own dates and completion; the repeat column names its series'
 * rule). range=all is every series the caller's calendar scope shows, once each with its rule, so the file imports
 * again as the same schedules. range=selected picks series by id.
 */
const dateText = z.string().refine(isRealDate);
const rangeQuerySchema = z.object({
  from: dateText,
  to: dateText,
  userIds: z.string().max(4000).optional().transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined)).pipe(z.array(z.uuid()).max(100).optional()),
  filter: z.enum(calendarFilters).default('all'),
});

const pageSize = 500;

/** export-sources.ts's page reader (that file imports this one, so the shape is written here). */
interface Row {
  id: string;
  cells: (field: string) => string;
}
type PageReader = (cursor: string | undefined) => Promise<{ rows: Row[]; nextCursor: string | null }>;

function rowOf(item: scheduleTransfer.ExportedSchedule, locale: Locale): Row {
  const cells: Record<string, string> = {
    title: item.title,
    start: formatDateTime(item.startDate, item.fullDay ? null : item.startTime),
    end: formatDateTime(item.endDate, item.fullDay ? null : item.endTime),
    fullDay: formatYesNo(locale, item.fullDay),
    repeat: formatRepeat(locale, rruleToRepeat(item.rrule)),
    category: formatCategory(locale, item.category),
    address: item.address ?? '',
    taskNote: item.taskNote ?? '',
    client: item.client,
    company: item.company,
    deal: item.deal,
    owner: item.owner,
    activity: item.activity.join('; '),
    complete: formatYesNo(locale, item.completed),
    notice: formatNotice(locale, item.notice),
    createdAt: item.createdAt,
  };
  return { id: item.id, cells: (field) => cells[field] ?? '' };
}

export function schedulePages(db: Db, actor: Actor, body: ExportBody, locale: Locale): PageReader {
  if (body.range === 'filter') {
    const parsed = rangeQuerySchema.safeParse(body.listQuery ?? {});
    if (!parsed.success) throw fieldError(`listQuery.${String(parsed.error.issues[0]?.path[0] ?? '')}`, 'invalidValue');
    const days = daysFromTo(parsed.data.from, parsed.data.to);
    if (days < 0 || days >= scheduleExportMaxDays) throw fieldError('listQuery.to', 'invalidValue');
    return async () => ({ nextCursor: null, rows: (await scheduleTransfer.occurrencesForExport(db, actor, parsed.data)).map((item) => rowOf(item, locale)) });
  }
  return async (cursor) => {
    const page = await scheduleTransfer.seriesForExport(db, actor, cursor, pageSize);
    return { nextCursor: page.nextCursor, rows: page.items.map((item) => rowOf(item, locale)) };
  };
}
