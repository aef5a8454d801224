import type { Schedule } from '@lodestar/contract';
import type { HistoryTarget } from '../../records/history/history.service.ts';
import type { NoteTarget } from '../../records/notes/notes.service.ts';
import { getSchedule } from './schedules.detail.ts';
import * as schedulesService from './schedules.service.ts';

/** Notes on a schedule follow the schedule's access (registered with records' notes in wiring.ts). */
export const scheduleNoteTarget: NoteTarget = { assertAccessible: schedulesService.assertAccessible };

/** A stored time (`10:00:00` in the history) as the drawer writes it (`10:00`). */
const hhmm = (value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : null);
const link = (value: unknown) => (typeof value === 'string' ? { id: value } : null);

/** The history's fields (the schedule's columns) → the drawer save's fields. */
const restoredAs: Record<string, (value: unknown) => Record<string, unknown>> = {
  title: (v) => ({ title: v }),
  category: (v) => ({ category: v }),
  startDate: (v) => ({ startDate: v }),
  startTime: (v) => ({ startDateTime: hhmm(v) }),
  endDate: (v) => ({ endDate: v }),
  endTime: (v) => ({ endDateTime: hhmm(v) }),
  fullDay: (v) => ({ fullDay: v === true }),
  notice: (v) => ({ notice: v ?? 0 }),
  dealId: (v) => ({ deal: typeof v === 'string' ? v : null }),
  companyId: (v) => ({ company: link(v) }),
  clientId: (v) => ({ client: link(v) }),
  address: (v) => ({ address: v }),
  taskNote: (v) => ({ taskNote: v }),
  color: (v) => ({ color: v }),
  activityItemIds: (v) => ({ activity: Array.isArray(v) ? v : [] }),
};

/** The drawer's save body of a schedule as it is now (the whole series: a restore is an edit of "all"). */
function saveBodyOf(schedule: Schedule): Record<string, unknown> {
  return {
    title: schedule.title,
    category: schedule.category,
    startDate: schedule.startDate,
    startDateTime: schedule.startDateTime,
    endDate: schedule.endDate,
    endDateTime: schedule.endDateTime,
    fullDay: schedule.fullDay,
    repeatBy: schedule.repeatBy,
    repeatDuring: schedule.repeatDuring,
    repeatDuringVal: schedule.repeatDuringVal,
    notice: schedule.notice,
    deal: schedule.deal?.id ?? null,
    address: schedule.address,
    taskNote: schedule.taskNote,
    color: schedule.color,
    company: schedule.company ? { id: schedule.company.id } : null,
    client: schedule.client ? { id: schedule.client.id } : null,
    activity: schedule.activity.filter((item) => item.isSelect).map((item) => item.id),
    timezone: schedule.timezone,
    scope: 'all',
  };
}

/**
 * A schedule's history is shown to whoever may see the schedule; "restore this value" saves the drawer's whole form
 * as it is now with the old value in place (scope "all"), so the edit's rules hold — an old start after today's end
 * is the usual 400 naming the field. Derived columns (instants, the rule's end) are not fields of the drawer's.
 */
export const scheduleHistoryTarget: HistoryTarget = {
  assertAccessible: schedulesService.assertAccessible,
  restorableFields: Object.keys(restoredAs),
  hiddenFields: ['startsAt', 'endsAt', 'lastEndsAt', 'imageFileIds', 'completedAt'],
  async restore(db, actor, id, values) {
    const body = saveBodyOf(await getSchedule(db, actor, id));
    for (const [field, value] of Object.entries(values)) Object.assign(body, restoredAs[field]!(value));
    await schedulesService.updateSchedule(db, actor, id, body, { uploads: [], dataDir: '' });
  },
};
