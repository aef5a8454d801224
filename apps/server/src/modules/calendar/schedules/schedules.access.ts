import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import { isOccurrenceDate } from './schedules.recurrence.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { ScheduleRow } from './schedules.repository.ts';
import { schedules } from './schedules.table.ts';
import { seriesOf } from './schedules.timing.ts';

// ---- visibility ----

export function ownerScope(db: Db, actor: Actor) {
  return ownerPredicate(db, actor, 'calendar', schedules.ownerUserId);
}

export async function loadSchedule(db: Db, actor: Actor, id: string): Promise<ScheduleRow> {
  assertCan(actor, 'calendar', 'view');
  const row = await schedulesRepository.findSchedule(db, actor.orgId, id, await ownerScope(db, actor));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function loadEditable(db: Db, actor: Actor, id: string, method: 'edit' | 'delete' = 'edit'): Promise<ScheduleRow> {
  const row = await loadSchedule(db, actor, id);
  assertCan(actor, 'calendar', method);
  return row;
}

/** Notes and timeline of a schedule follow it (notes.service). */
export async function assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void> {
  if (method === 'view') await loadSchedule(db, actor, id);
  else await loadEditable(db, actor, id);
}

/** Of userIds, the activated members whose calendars the actor may see. */
export async function visibleUserIds(db: Db, actor: Actor, userIds: string[]): Promise<string[]> {
  const rows = await schedulesRepository.visibleMembers(db, actor.orgId, (column) => ownerPredicate(db, actor, 'calendar', column), userIds);
  return rows.map((r) => r.userId);
}

export function assertOccurrence(row: ScheduleRow, occurrenceDate: string | undefined): string {
  if (!occurrenceDate) throw fieldError('occurrenceDate', 'required');
  if (!isOccurrenceDate(seriesOf(row), occurrenceDate)) throw fieldError('occurrenceDate', 'invalidValue');
  return occurrenceDate;
}
