import { lostStageId, wonStageId, type EmailAddress } from '@lodestar/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { keywordMatch } from '../../../db/search-columns.ts';
import { deals } from '../../deals/deals/deals.table.ts';
import { emailLinks, emails } from './mailboxes.table.ts';

/** E-mail on deals (linked by a member or by the one-open-deal rule) and the search over subjects and bodies. */

// Table names, not aliases: the visibility predicates (deals.access.ts, contacts' and companies' services) name them.
const openDeal = sql`deals.deleted_at is null and deals.stage not in (${wonStageId}, ${lostStageId})`;

/**
 * The one-open-deal rule (docs/product.md "E-mail"): the e-mail also shows on a deal when a contact of its thread
 * (any stored message of the thread, this one included) is that open deal's customer and has no other open deal.
 * In the storing transaction, so the deal's timeline and the e-mail appear together.
 */
export async function autoLinkDeals(db: Db, orgId: string, emailId: string, threadId: string): Promise<string[]> {
  const rows = await queryRows<{ dealId: string }>(
    db,
    sql`insert into email_links (email_id, org_id, entity_type, entity_id, via)
        select ${emailId}::uuid, ${orgId}::uuid, 'deal', (array_agg(deals.id))[1], 'auto' from deals
        where deals.org_id = ${orgId} and ${openDeal}
          and deals.client_id in (select l.entity_id from email_links l join emails e on e.id = l.email_id
                              where l.org_id = ${orgId} and e.org_id = ${orgId} and e.thread_id = ${threadId} and l.entity_type = 'contact')
        group by deals.client_id having count(*) = 1
        on conflict do nothing
        returning entity_id as "dealId"`,
  );
  return rows.map((row) => row.dealId);
}

/** The deals each e-mail is on, of those the viewer sees (`visibility`: deals.access.ts), by name. */
export async function dealsOfEmails(db: Db, orgId: string, emailIds: string[], visibility: SQL): Promise<Map<string, { id: string; name: string; via: 'auto' | 'user' }[]>> {
  const found = new Map<string, { id: string; name: string; via: 'auto' | 'user' }[]>();
  if (emailIds.length === 0) return found;
  const rows = await db
    .select({ emailId: emailLinks.emailId, id: deals.id, name: deals.name, via: emailLinks.via })
    .from(emailLinks)
    .innerJoin(deals, and(eq(deals.id, emailLinks.entityId), eq(deals.orgId, orgId)))
    .where(and(eq(emailLinks.orgId, orgId), eq(emailLinks.entityType, 'deal'), inArray(emailLinks.emailId, emailIds), sql`${deals.deletedAt} is null`, visibility))
    .orderBy(deals.name);
  for (const row of rows) found.set(row.emailId, [...(found.get(row.emailId) ?? []), { id: row.id, name: row.name, via: row.via === 'auto' ? 'auto' : 'user' }]);
  return found;
}

/** "Link to deal" offers the open deals whose customer is a contact the e-mail is on, that the viewer sees. */
export async function openDealsOfEmailContacts(db: Db, orgId: string, emailId: string, visibility: SQL) {
  return queryRows<{ id: string; name: string; firstName: string | null; lastName: string | null; linked: boolean }>(
    db,
    sql`select deals.id, deals.name, c.first_name as "firstName", c.last_name as "lastName",
          exists(select 1 from email_links x where x.org_id = ${orgId} and x.email_id = ${emailId} and x.entity_type = 'deal' and x.entity_id = deals.id) as linked
        from deals join contacts c on c.id = deals.client_id and c.org_id = ${orgId}
        where deals.org_id = ${orgId} and ${openDeal} and ${visibility}
          and deals.client_id in (select entity_id from email_links where org_id = ${orgId} and email_id = ${emailId} and entity_type = 'contact')
        order by deals.name limit 50`,
  );
}

export async function linkDeal(db: Db, orgId: string, emailId: string, dealId: string): Promise<boolean> {
  const rows = await db.insert(emailLinks).values({ emailId, orgId, entityType: 'deal', entityId: dealId, via: 'user' }).onConflictDoNothing().returning({ id: emailLinks.entityId });
  return rows.length > 0;
}

export async function unlinkDeal(db: Db, orgId: string, emailId: string, dealId: string): Promise<boolean> {
  const rows = await db
    .delete(emailLinks)
    .where(and(eq(emailLinks.orgId, orgId), eq(emailLinks.emailId, emailId), eq(emailLinks.entityType, 'deal'), eq(emailLinks.entityId, dealId)))
    .returning({ id: emailLinks.entityId });
  return rows.length > 0;
}

/**
 * Subjects, bodies and participants (names and addresses) matching `keyword` (bigrams for CJK, as records search), newest first: the viewer's own
 * e-mail, and others' that are not private and are on a contact or company the viewer sees (`contactVisible` and
 * `companyVisible`: the records' visibility predicates). Each hit carries the first such record, where it is read.
 */
export async function searchEmails(db: Db, orgId: string, userId: string, keyword: string, limit: number, contactVisible: SQL, companyVisible: SQL) {
  return queryRows<{ id: string; subject: string; direction: 'in' | 'out'; from: EmailAddress; to: EmailAddress[]; cc: EmailAddress[]; sentAt: string | Date; text: string | null; private: boolean; ownerUserId: string; entityType: 'contact' | 'company'; entityId: string; firstName: string | null; lastName: string | null; companyName: string | null }>(
    db,
    sql`select emails.id, emails.subject, emails.direction, emails."from", emails."to", emails.cc, emails.sent_at as "sentAt", emails.text, emails.private, emails.owner_user_id as "ownerUserId",
          r.entity_type as "entityType", r.entity_id as "entityId", r.first_name as "firstName", r.last_name as "lastName", r.company_name as "companyName"
        from emails
        cross join lateral (
          select l.entity_type, l.entity_id, contacts.first_name, contacts.last_name, companies.name as company_name from email_links l
          left join contacts on l.entity_type = 'contact' and contacts.id = l.entity_id and contacts.org_id = ${orgId} and contacts.deleted_at is null
          left join companies on l.entity_type = 'company' and companies.id = l.entity_id and companies.org_id = ${orgId} and companies.deleted_at is null
          where l.org_id = ${orgId} and l.email_id = emails.id
            and ((contacts.id is not null and (emails.owner_user_id = ${userId} or ${contactVisible})) or (companies.id is not null and (emails.owner_user_id = ${userId} or ${companyVisible})))
          order by l.entity_type desc limit 1) r
        where emails.org_id = ${orgId} and (emails.owner_user_id = ${userId} or not emails.private) and ${keywordMatch(emails.searchText, emails.searchBigrams, keyword)}
        order by emails.sent_at desc limit ${limit}`,
  );
}
