import { fullName, type EmailSearchHit } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as linksRepository from './mailboxes.links.repository.ts';

const excerptChars = 120;

/** Around the keyword's first place in the body, on one line; null when only the subject matched. */
export function excerptOf(text: string | null, keyword: string): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ');
  const at = flat.toLowerCase().indexOf(keyword.trim().toLowerCase());
  if (at < 0) return null;
  const start = Math.max(0, at - excerptChars / 3);
  const cut = flat.slice(start, start + excerptChars).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + excerptChars < flat.length ? '…' : ''}`;
}

/**
 * GET /api/emails/search: subjects and bodies (2-character CJK through the bigram index, as records search), newest
 * first. The viewer finds their own e-mail, and others' only when not private and on a contact or company they see.
 */
export async function searchEmails(db: Db, actor: Actor, query: { q: string; limit: number }): Promise<{ items: EmailSearchHit[] }> {
  const [contactVisible, companyVisible] = await Promise.all([contactsService.visibility(db, actor), companiesService.visibility(db, actor)]);
  const rows = await linksRepository.searchEmails(db, actor.orgId, actor.userId, query.q, query.limit, contactVisible, companyVisible);
  return {
    items: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      direction: row.direction,
      from: row.from,
      sentAt: new Date(row.sentAt).toISOString(),
      excerpt: row.private && row.ownerUserId !== actor.userId ? null : excerptOf(row.text, query.q),
      record: { entityType: row.entityType, id: row.entityId, name: row.entityType === 'contact' ? fullName(row.firstName, row.lastName) : (row.companyName ?? '') },
    })),
  };
}
