import type { HistoryTarget } from '../history/history.service.ts';
import * as companiesService from './companies.service.ts';

/** A company's history (wiring.ts): restoring saves the company as it is with the old value, through the form's save. */
export const companyHistoryTarget: HistoryTarget = {
  assertAccessible: companiesService.assertAccessible,
  restorableFields: companiesService.companySaveFields,
  restore: (db, actor, id, values) => companiesService.patchCompany(db, actor, id, values),
};
