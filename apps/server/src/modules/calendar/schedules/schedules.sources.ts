import type { HistoryTarget } from '../../records/history/history.service.ts';
import type { NoteTarget } from '../../records/notes/notes.service.ts';
import * as schedulesService from './schedules.service.ts';

/** Notes on a schedule follow the schedule's access (registered with records' notes in wiring.ts). */
export const scheduleNoteTarget: NoteTarget = { assertAccessible: schedulesService.assertAccessible };

/** A schedule's history is shown to whoever may see the schedule; its edit is a whole-form multipart save, not offered as a restore yet. */
export const scheduleHistoryTarget: HistoryTarget = {
  assertAccessible: schedulesService.assertAccessible,
  restorableFields: [],
  restore: async () => undefined,
};
