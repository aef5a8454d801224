import { dealUpdateBodySchema } from '@lodestar/contract';
import { parseOrFail } from '../../../platform/errors.ts';
import type { HistoryTarget } from '../../records/history/history.service.ts';
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

/** A deal's history: restoring a value is the deal's partial edit (PUT /deal/{id}) with that one field. */
export const dealHistoryTarget: HistoryTarget = {
  assertAccessible: dealsService.assertAccessible,
  restorableFields: Object.keys(dealUpdateBodySchema.shape).filter((f) => f !== 'products' && f !== 'costs'),
  // Generated from amount for the statistics (migration 0023): the amount's own change says it.
  hiddenFields: ['amountCents'],
  async restore(db, actor, id, values) {
    await dealsService.updateDeal(db, actor, id, parseOrFail(dealUpdateBodySchema, values));
  },
};
