import type { SocialAccount } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as contactsRepository from './contacts.repository.ts';

/** A contact's social accounts as the channels change them (LINE binding and unlinking). */

/** Writes a contact's social accounts (kept once each) and the change on its timeline; nothing when unchanged. */
async function setSocials(db: Db, orgId: string, actorUserId: string | null, id: string, before: SocialAccount[], wanted: SocialAccount[]): Promise<void> {
  const socials = wanted.filter((s, i) => wanted.findIndex((o) => o.type === s.type && o.account === s.account) === i);
  if (socials.length === before.length && socials.every((s, i) => s.type === before[i]?.type && s.account === before[i]?.account)) return;
  await contactsRepository.updateContact(db, orgId, id, { socials });
  await timelineService.record(db, orgId, actorUserId, 'contact', [id], 'update', { socials: [before, socials] });
}

/**
 * Adds or removes one social account of a live contact without an actor's privilege check: for a channel acting on
 * the customer's own proof (LINE binding code) or undoing its own link. Answers the contact's owner, or null when
 * the contact is gone.
 */
export async function changeSocialAccount(
  db: Db,
  orgId: string,
  actorUserId: string | null,
  id: string,
  social: SocialAccount,
  change: 'add' | 'remove',
): Promise<{ ownerUserId: string | null } | null> {
  const row = await contactsRepository.findContactRow(db, orgId, id);
  if (!row) return null;
  const same = (s: SocialAccount) => s.type === social.type && s.account === social.account;
  await setSocials(db, orgId, actorUserId, id, row.socials, change === 'add' ? [...row.socials, social] : row.socials.filter((s) => !same(s)));
  return { ownerUserId: row.ownerUserId };
}
