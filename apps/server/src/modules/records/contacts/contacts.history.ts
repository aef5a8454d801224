import { contactSaveBodySchema } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { saveBodyFrom, type HistoryTarget } from '../history/history.service.ts';
import * as contactsService from './contacts.service.ts';

// The contact form saves the whole record: everything but the avatar and the id.
const fields = Object.keys(contactSaveBodySchema.shape).filter((f) => f !== 'id' && f !== 'removeAvatar');

/** A contact's history (wiring.ts): restoring saves the contact as it is with the old value, through the form's save. */
export const contactHistoryTarget: HistoryTarget = {
  assertAccessible: contactsService.assertAccessible,
  restorableFields: fields,
  async restore(db: Db, actor: Actor, id: string, values: Record<string, unknown>) {
    const { contact } = await contactsService.loadContact(db, actor, id);
    await contactsService.saveContact(db, actor, { ...saveBodyFrom(fields, contact, values), id }, { dataDir: '' });
  },
};
