import { companySaveBodySchema } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { saveBodyFrom, type HistoryTarget } from '../history/history.service.ts';
import * as companiesService from './companies.service.ts';

const fields = Object.keys(companySaveBodySchema.shape).filter((f) => f !== 'id');

/** A company's history (wiring.ts): restoring saves the company as it is with the old value, through the form's save. */
export const companyHistoryTarget: HistoryTarget = {
  assertAccessible: companiesService.assertAccessible,
  restorableFields: fields,
  async restore(db: Db, actor: Actor, id: string, values: Record<string, unknown>) {
    const { company } = await companiesService.loadCompany(db, actor, id);
    await companiesService.saveCompany(db, actor, { ...saveBodyFrom(fields, company, values), id });
  },
};
