import type { UnsubscribeAnswer } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as contactPersonalData from '../../records/contacts/contacts.personal-data.ts';

/*
 * The unsubscribe link of a marketing e-mail (PDPA article 20: a person may refuse marketing at any time, at no cost):
 * `<PUBLIC_URL>/unsubscribe?t=<orgId>.<contactId>.<signature>`. It does not expire — an old e-mail's link must still
 * work — and the signature covers the workspace and the contact, so it cannot be turned into another person's link.
 * The public page (apps/web/src/unsubscribe) shows the workspace's name and one button, in the visitor's language.
 */

const payload = (orgId: string, contactId: string) => `unsubscribe:${orgId}:${contactId}`;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The link a marketing e-mail to this contact must carry (its List-Unsubscribe header too). */
export function unsubscribeLink(secrets: Secrets, publicUrl: string, orgId: string, contactId: string): string {
  return `${publicUrl}/unsubscribe?t=${orgId}.${contactId}.${secrets.sign(payload(orgId, contactId))}`;
}

async function resolve(db: Db, secrets: Secrets, token: string) {
  const [orgId, contactId, signature] = token.split('.');
  const valid = orgId && contactId && signature && uuid.test(orgId) && uuid.test(contactId) && secrets.verify(payload(orgId, contactId), signature);
  const person = valid ? await contactPersonalData.personOf(db, orgId, contactId) : undefined;
  const org = person ? await organizationsService.findOrganization(db, orgId!) : undefined;
  // One answer for a bad signature and a gone person: nothing tells which.
  if (!person || !org) throw new AppError('NOT_FOUND');
  return { orgId: orgId!, contactId: contactId!, person, workspaceName: org.name };
}

export async function checkLink(db: Db, secrets: Secrets, token: string): Promise<UnsubscribeAnswer> {
  const found = await resolve(db, secrets, token);
  return { workspaceName: found.workspaceName, done: found.person.noMarketing };
}

export async function unsubscribe(db: Db, secrets: Secrets, token: string): Promise<UnsubscribeAnswer> {
  const found = await resolve(db, secrets, token);
  await contactPersonalData.optOutOfMarketing(db, found.orgId, found.contactId);
  return { workspaceName: found.workspaceName, done: true };
}
