import { fullName, type EmailSearchHit, type SearchResult } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can, type Actor } from '../../access/privileges/access-core.ts';
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
  return { items: rows.map((row) => hitOf(actor, row, query.q)) };
}

type SearchRow = Awaited<ReturnType<typeof linksRepository.searchEmails>>[number];

function hitOf(actor: Actor, row: SearchRow, keyword: string): EmailSearchHit {
  return {
    id: row.id,
    subject: row.subject,
    direction: row.direction,
    from: row.from,
    sentAt: new Date(row.sentAt).toISOString(),
    excerpt: row.private && row.ownerUserId !== actor.userId ? null : excerptOf(row.text, keyword),
    record: { entityType: row.entityType, id: row.entityId, name: row.entityType === 'contact' ? fullName(row.firstName, row.lastName) : (row.companyName ?? '') },
  };
}

/**
 * The header's global search (records/search registers it in wiring.ts): the same messages and visibility as the
 * mail search above — one statement, the owner predicates being computed once per request on the actor. A caller
 * who may view neither contacts nor companies (an API key scoped to deals) finds no e-mail: every message is shown
 * through one of them.
 */
export async function searchSource(db: Db, actor: Actor, keyword: string, limit: number): Promise<SearchResult[]> {
  if (!can(actor, 'contact', 'view') && !can(actor, 'company', 'view')) return [];
  // Each predicate is `false` for the kind the caller may not view (access-core ownerPredicate).
  const [contactVisible, companyVisible] = await Promise.all([contactsService.visibility(db, actor), companiesService.visibility(db, actor)]);
  const rows = await linksRepository.searchEmails(db, actor.orgId, actor.userId, keyword, limit, contactVisible, companyVisible);
  return rows.map((row) => {
    const hit = hitOf(actor, row, keyword);
    const participants = [row.from, ...row.to, ...row.cc];
    return {
      type: 'email' as const,
      id: hit.id,
      firstName: null,
      lastName: null,
      company: null,
      name: hit.subject,
      customer: null,
      amount: null,
      addresses: [],
      emails: [...new Set(participants.map((p) => p.address))],
      phones: [],
      tax: null,
      email: { from: hit.from, sentAt: hit.sentAt, excerpt: hit.excerpt, record: hit.record },
    };
  });
}
