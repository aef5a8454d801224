import { rruleToRepeat, type Schedule } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fileUrl } from '../../access/files/files.ts';
import * as activityItemsService from '../activity-items/activity-items.service.ts';
import { can, type Actor } from '../../access/privileges/access-core.ts';
import { occurrenceOn } from './schedules.recurrence.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { OccurrenceOverrides, ScheduleRow } from './schedules.repository.ts';
import { assertOccurrence, loadSchedule } from './schedules.access.ts';
import { effectiveOccurrence, seriesOf } from './schedules.timing.ts';

// ---- reading one ----
async function toSchedule(db: Db, actor: Actor, row: ScheduleRow, occurrenceDate: string | null): Promise<Schedule> {
  const exception = occurrenceDate && row.rrule ? await schedulesRepository.findException(db, actor.orgId, row.id, occurrenceDate) : undefined;
  const overrides: OccurrenceOverrides = exception?.overrides ?? {};
  const pick = <K extends keyof OccurrenceOverrides>(key: K, value: NonNullable<OccurrenceOverrides[K]> | null) =>
    (overrides[key] !== undefined ? overrides[key] : value) as NonNullable<OccurrenceOverrides[K]> | null;
  const dealId = pick('dealId', row.dealId);
  const companyId = pick('companyId', row.companyId);
  const clientId = pick('clientId', row.clientId);
  const activityIds = (pick('activityItemIds', row.activityItemIds) ?? []) as string[];
  const [links, ownerNames, images, pickable, picked] = await Promise.all([
    schedulesRepository.linkNames(db, actor.orgId, {
      companyIds: companyId ? [companyId] : [],
      clientIds: clientId ? [clientId] : [],
      dealIds: dealId ? [dealId] : [],
    }),
    schedulesRepository.memberNames(db, actor.orgId, [row.ownerUserId]),
    schedulesRepository.fileNames(db, actor.orgId, row.imageFileIds),
    activityItemsService.pickableItems(db, actor.orgId, row.ownerUserId),
    activityItemsService.itemsByIds(db, actor.orgId, activityIds),
  ]);
  const pickedIds = new Set(activityIds);
  const activity = [
    ...pickable.items.map((item) => ({ ...item, isSelect: pickedIds.has(item.id) })),
    ...picked.filter((item) => !pickable.items.some((p) => p.id === item.id)).map((item) => ({ ...item, isSelect: true })),
  ];
  const occurrence = occurrenceDate && row.rrule ? effectiveOccurrence(row, occurrenceOn(seriesOf(row), occurrenceDate), exception) : null;
  const timing = occurrence ?? seriesOf(row);
  const ref = (id: string | null, names: Map<string, string>) => (id && names.has(id) ? { id, name: names.get(id)! } : null);
  return {
    id: row.id,
    title: pick('title', row.title) ?? row.title,
    category: pick('category', row.category),
    startDate: timing.startDate,
    startDateTime: timing.startTime,
    endDate: timing.endDate,
    endDateTime: timing.endTime,
    fullDay: timing.fullDay,
    ...rruleToRepeat(row.rrule),
    rrule: row.rrule,
    timezone: row.timezone,
    notice: pick('notice', row.notice) ?? row.notice,
    deal: ref(dealId, links.deals),
    address: pick('address', row.address),
    taskNote: pick('taskNote', row.taskNote),
    color: pick('color', row.color) ?? row.color,
    company: ref(companyId, links.companies),
    client: ref(clientId, links.clients),
    activity,
    images: row.imageFileIds.filter((id) => images.has(id)).map((id) => ({ id, name: images.get(id)!, url: fileUrl(actor.orgId, id)! })),
    complete: row.rrule ? (occurrenceDate ? (exception?.completed ?? false) : false) : row.completed,
    occurrenceDate: row.rrule ? occurrenceDate : null,
    isRecurring: row.rrule !== null,
    owner: { userId: row.ownerUserId, name: ownerNames.get(row.ownerUserId) ?? '' },
    canEdit: can(actor, 'calendar', 'edit'),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/task/{id}?occurrenceDate= */
export async function getSchedule(db: Db, actor: Actor, id: string, occurrenceDate?: string): Promise<Schedule> {
  const row = await loadSchedule(db, actor, id);
  if (occurrenceDate && row.rrule) assertOccurrence(row, occurrenceDate);
  return toSchedule(db, actor, row, occurrenceDate ?? null);
}
