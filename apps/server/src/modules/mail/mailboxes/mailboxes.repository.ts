import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { fullName } from '@lodestar/contract';
import { users } from '../../access/users/users.table.ts';
import { emailLinks, emails, mailboxes, mailTemplates } from './mailboxes.table.ts';

export type MailboxRow = typeof mailboxes.$inferSelect;
export type MailboxInsert = typeof mailboxes.$inferInsert;
export type EmailRow = typeof emails.$inferSelect;
export type EmailInsert = typeof emails.$inferInsert;

// ---- mailboxes ----

export async function insertMailbox(db: Db, values: MailboxInsert): Promise<MailboxRow | undefined> {
  const [row] = await db.insert(mailboxes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findMailbox(db: Db, orgId: string, id: string): Promise<MailboxRow | undefined> {
  const [row] = await db.select().from(mailboxes).where(and(eq(mailboxes.orgId, orgId), eq(mailboxes.id, id)));
  return row;
}

export async function listUserMailboxes(db: Db, orgId: string, userId: string): Promise<MailboxRow[]> {
  return db.select().from(mailboxes).where(and(eq(mailboxes.orgId, orgId), eq(mailboxes.userId, userId))).orderBy(asc(mailboxes.createdAt));
}

export async function updateMailbox(db: Db, orgId: string, id: string, values: Partial<Omit<MailboxInsert, 'id' | 'orgId' | 'userId'>>): Promise<MailboxRow | undefined> {
  const [row] = await db.update(mailboxes).set(values).where(and(eq(mailboxes.orgId, orgId), eq(mailboxes.id, id))).returning();
  return row;
}

export async function deleteMailbox(db: Db, orgId: string, id: string): Promise<void> {
  // Its stored e-mail and their links go with it (foreign keys cascade).
  await db.delete(mailboxes).where(and(eq(mailboxes.orgId, orgId), eq(mailboxes.id, id)));
}

export async function storedCounts(db: Db, orgId: string, mailboxIds: string[]): Promise<Map<string, number>> {
  if (mailboxIds.length === 0) return new Map();
  const rows = await db
    .select({ mailboxId: emails.mailboxId, count: sql<number>`count(*)::int` })
    .from(emails)
    .where(and(eq(emails.orgId, orgId), inArray(emails.mailboxId, mailboxIds)))
    .groupBy(emails.mailboxId);
  return new Map(rows.map((row) => [row.mailboxId, row.count]));
}

/**
 * Claims due mailboxes across workspaces (one FOR UPDATE SKIP LOCKED statement): each is leased, so two app
 * servers never sync the same mailbox at once, and a crashed run's lease runs out and another server resumes it.
 */
export async function claimDueMailboxes(db: Db, leaseSeconds: number, nextInSeconds: number, limit: number, onlyId?: string): Promise<MailboxRow[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update mailboxes set locked_until = now() + make_interval(secs => ${leaseSeconds}), sync_at = now() + make_interval(secs => ${nextInSeconds})
        where id in (select id from mailboxes
                     where (sync_at <= now() or ${onlyId ?? null}::uuid is not null) and not paused
                       and (locked_until is null or locked_until < now())
                       and (${onlyId ?? null}::uuid is null or id = ${onlyId ?? null}::uuid)
                     order by sync_at limit ${limit} for update skip locked)
        returning id`,
  );
  if (rows.length === 0) return [];
  return db.select().from(mailboxes).where(inArray(mailboxes.id, rows.map((row) => row.id)));
}

/** The run of failures, read under a row lock (one notice however many servers fail at once), with the owner's address. */
export async function lockFailureState(db: Db, orgId: string, id: string) {
  const [row] = await queryRows<{ failingSince: string | Date | null; failureNoticedAt: string | Date | null; ownerEmail: string; ownerLanguage: string }>(
    db,
    sql`select m.failing_since as "failingSince", m.failure_noticed_at as "failureNoticedAt", u.email as "ownerEmail", u.language as "ownerLanguage"
        from mailboxes m join users u on u.id = m.user_id where m.org_id = ${orgId} and m.id = ${id} for update of m`,
  );
  if (!row) return undefined;
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return { ...row, failingSince: date(row.failingSince), failureNoticedAt: date(row.failureNoticedAt) };
}

/** Keeps the lease while a long backfill works on (after each chunk). */
export async function extendLease(db: Db, orgId: string, id: string, leaseSeconds: number): Promise<void> {
  await db.execute(sql`update mailboxes set locked_until = now() + make_interval(secs => ${leaseSeconds}) where org_id = ${orgId} and id = ${id}`);
}

// ---- who the workspace knows (read-only: contacts and companies belong to records) ----

/** Every contact address of the workspace, lower-cased, with the contact's company. */
export async function contactAddresses(db: Db, orgId: string): Promise<{ address: string; contactId: string; companyId: string | null }[]> {
  return queryRows(
    db,
    sql`select distinct lower(trim(e->>'value')) as address, c.id as "contactId", c.company_id as "companyId"
        from contacts c, jsonb_array_elements(c.emails) e
        where c.org_id = ${orgId} and c.deleted_at is null and coalesce(e->>'value', '') like '%@%'`,
  );
}

/** Each company's e-mail and web address, for matching by domain when the owner opts in. */
export async function companyAddresses(db: Db, orgId: string): Promise<{ companyId: string; email: string | null; url: string | null }[]> {
  return queryRows(db, sql`select id as "companyId", email, url from companies where org_id = ${orgId} and deleted_at is null and (email is not null or url is not null)`);
}

// ---- e-mail ----

/** Stores one e-mail and its links; undefined when this mailbox already has that Message-ID (nothing written). */
export async function insertEmail(db: Db, values: EmailInsert, links: { entityType: 'contact' | 'company'; entityId: string }[]): Promise<EmailRow | undefined> {
  const [row] = await db.insert(emails).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  if (links.length > 0) await db.insert(emailLinks).values(links.map((link) => ({ ...link, emailId: row.id, orgId: row.orgId }))).onConflictDoNothing();
  return row;
}

export async function findEmail(db: Db, orgId: string, id: string): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emails).where(and(eq(emails.orgId, orgId), eq(emails.id, id)));
  return row;
}

export async function findEmailByMessageId(db: Db, orgId: string, mailboxId: string, messageId: string): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emails).where(and(eq(emails.orgId, orgId), eq(emails.mailboxId, mailboxId), eq(emails.messageId, messageId)));
  return row;
}

/** The thread an answer belongs to: the thread of any stored e-mail it answers or references. */
export async function threadOf(db: Db, orgId: string, messageIds: string[]): Promise<string | undefined> {
  if (messageIds.length === 0) return undefined;
  const [row] = await db.select({ threadId: emails.threadId }).from(emails).where(and(eq(emails.orgId, orgId), inArray(emails.messageId, messageIds))).limit(1);
  return row?.threadId;
}

export async function emailLinksOf(db: Db, orgId: string, emailId: string): Promise<{ entityType: 'contact' | 'company' | 'deal'; entityId: string }[]> {
  return db
    .select({ entityType: emailLinks.entityType, entityId: emailLinks.entityId })
    .from(emailLinks)
    .where(and(eq(emailLinks.orgId, orgId), eq(emailLinks.emailId, emailId)))
    // Contacts first: the likeliest to be visible, and where the e-mail is read.
    .orderBy(sql`case ${emailLinks.entityType} when 'contact' then 0 when 'company' then 1 else 2 end`);
}

export async function setPrivate(db: Db, orgId: string, id: string, value: boolean): Promise<void> {
  await db.update(emails).set({ private: value }).where(and(eq(emails.orgId, orgId), eq(emails.id, id)));
}

type MailRecordType = 'contact' | 'company' | 'deal';

const recordEmails = (orgId: string, entityType: MailRecordType, entityId: string) =>
  sql`${emails.id} in (select email_id from email_links where org_id = ${orgId} and entity_type = ${entityType} and entity_id = ${entityId})`;

/** A record's newest e-mail, with the owner's name. */
export async function listRecordEmails(db: Db, orgId: string, entityType: MailRecordType, entityId: string, limit: number) {
  return db
    .select({ email: emails, ownerFirstName: users.firstName, ownerLastName: users.lastName })
    .from(emails)
    .innerJoin(users, eq(users.id, emails.ownerUserId))
    .where(and(eq(emails.orgId, orgId), recordEmails(orgId, entityType, entityId)))
    // Date headers have whole seconds: a quick reply ties with its message, and the later stored comes later.
    .orderBy(desc(emails.sentAt), desc(emails.createdAt))
    .limit(limit);
}

/**
 * In one statement (the record page's budget: one per section): whether the workspace has a mailbox at all, the
 * record's count, the last message each way, and the newest one's direction (ties of whole-second dates go to the
 * one stored later) — what "replied" / "awaiting reply" reads.
 */
export async function recordFigures(db: Db, orgId: string, entityType: MailRecordType, entityId: string) {
  return figuresOf((await queryRows<FiguresRow>(db, recordFiguresQuery(orgId, entityType, entityId)))[0]);
}

export type FiguresRow = { has: boolean; total: number; lastOut: string | Date | null; lastIn: string | Date | null; lastDirection: 'in' | 'out' | null };

/** The statement of recordFigures, for a caller that reads it with others (the record page's statement batch). */
export function recordFiguresQuery(orgId: string, entityType: MailRecordType, entityId: string): SQL {
  return sql`with mine as (
          select e.sent_at, e.direction, e.created_at from emails e
          where e.org_id = ${orgId} and e.id in (select email_id from email_links where org_id = ${orgId} and entity_type = ${entityType} and entity_id = ${entityId}))
        select exists(select 1 from mailboxes where org_id = ${orgId}) as has,
          (select count(*)::int from mine) as total,
          (select max(sent_at) from mine where direction = 'out') as "lastOut",
          (select max(sent_at) from mine where direction = 'in') as "lastIn",
          (select direction from mine order by sent_at desc, created_at desc limit 1) as "lastDirection"`;
}

/** recordFigures' row as figures (instants as the driver's Date or JSON's ISO string). */
export function figuresOf(row: FiguresRow | undefined) {
  return {
    hasMailbox: Boolean(row?.has),
    total: row?.total ?? 0,
    lastOut: row?.lastOut ? new Date(row.lastOut) : null,
    lastIn: row?.lastIn ? new Date(row.lastIn) : null,
    lastDirection: row?.lastDirection ?? null,
  };
}

/** The record's e-mail as timeline records (ids and subjects), newest first. */
export async function timelineEmails(db: Db, orgId: string, entityType: MailRecordType, entityId: string, limit: number) {
  return db
    .select({ id: emails.id, subject: emails.subject })
    .from(emails)
    .where(and(eq(emails.orgId, orgId), recordEmails(orgId, entityType, entityId)))
    .orderBy(desc(emails.sentAt))
    .limit(limit);
}

export async function userName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? fullName(row.firstName, row.lastName) : '';
}

// ---- mail templates ----

export type MailTemplateRow = typeof mailTemplates.$inferSelect & { authorFirstName: string; authorLastName: string };
type MailTemplateValues = Pick<typeof mailTemplates.$inferInsert, 'name' | 'locale' | 'subject' | 'body'>;

const templateColumns = {
  id: mailTemplates.id, orgId: mailTemplates.orgId, userId: mailTemplates.userId, name: mailTemplates.name, locale: mailTemplates.locale,
  subject: mailTemplates.subject, body: mailTemplates.body, createdAt: mailTemplates.createdAt, updatedAt: mailTemplates.updatedAt,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

export async function listTemplates(db: Db, orgId: string): Promise<MailTemplateRow[]> {
  return db.select(templateColumns).from(mailTemplates).innerJoin(users, eq(users.id, mailTemplates.userId)).where(eq(mailTemplates.orgId, orgId)).orderBy(asc(mailTemplates.name), asc(mailTemplates.id));
}

export async function findTemplate(db: Db, orgId: string, id: string): Promise<MailTemplateRow | undefined> {
  const [row] = await db.select(templateColumns).from(mailTemplates).innerJoin(users, eq(users.id, mailTemplates.userId)).where(and(eq(mailTemplates.orgId, orgId), eq(mailTemplates.id, id)));
  return row;
}

export async function insertTemplate(db: Db, orgId: string, userId: string, values: MailTemplateValues): Promise<string> {
  const [row] = await db.insert(mailTemplates).values({ orgId, userId, ...values }).returning({ id: mailTemplates.id });
  return row!.id;
}

/** Only the author's own: answers whether one was changed. */
export async function updateTemplate(db: Db, orgId: string, userId: string, id: string, values: MailTemplateValues): Promise<boolean> {
  const rows = await db.update(mailTemplates).set({ ...values, updatedAt: new Date() }).where(and(eq(mailTemplates.orgId, orgId), eq(mailTemplates.userId, userId), eq(mailTemplates.id, id))).returning({ id: mailTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(db: Db, orgId: string, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(mailTemplates).where(and(eq(mailTemplates.orgId, orgId), eq(mailTemplates.userId, userId), eq(mailTemplates.id, id))).returning({ id: mailTemplates.id });
  return rows.length > 0;
}
