import type { NoteTarget } from '../../records/notes/notes.service.ts';
import * as schedulesService from './schedules.service.ts';

/** Notes on a schedule follow the schedule's access (registered with records' notes in wiring.ts). */
export const scheduleNoteTarget: NoteTarget = { assertAccessible: schedulesService.assertAccessible };
