import type { NoteTarget } from '../../records/notes/notes.service.ts';
import type { SearchSource } from '../../records/search/search.service.ts';
import type { TrashSource } from '../../records/trash/trash.service.ts';
import * as dealsService from './deals.service.ts';

/**
 * What deals give the records context's registries (registered in wiring.ts): notes on a deal follow the
 * deal's access, deleted deals go to the trash, and the global search finds deals by name.
 */
export const dealNoteTarget: NoteTarget = { assertAccessible: dealsService.assertAccessible };

export const dealTrashSource: TrashSource = dealsService.trashSource;

export const dealSearchSource: SearchSource = (db, actor, keyword, limit) => dealsService.search(db, actor, keyword, limit);
