import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { deals } from '../deals/deals.table.ts';
import { quotes, quoteSettings } from './quotes.table.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteInsert = Omit<typeof quotes.$inferInsert, 'orgId'>;
export type QuoteSettingsRow = typeof quoteSettings.$inferSelect;
export type QuoteSettingsValues = Omit<typeof quoteSettings.$inferInsert, 'orgId' | 'lastNumber' | 'updatedAt' | 'logoFileId'>;

/**
 * Takes the workspace's next quote number in one statement: the first creation inserts the row, later ones increment
 * it under its row lock (concurrent creations on any app server wait for each other). Run it inside the creating
 * transaction: a rollback gives the number up with it — a gap, never a repeat.
 */
export async function takeNumber(db: Db, orgId: string): Promise<{ sequence: number; prefix: string }> {
  const [row] = await db
    .insert(quoteSettings)
    .values({ orgId, lastNumber: 1 })
    .onConflictDoUpdate({ target: quoteSettings.orgId, set: { lastNumber: sql`${quoteSettings.lastNumber} + 1` } })
    .returning({ sequence: quoteSettings.lastNumber, prefix: quoteSettings.prefix });
  return row!;
}

export async function findSettings(db: Db, orgId: string): Promise<QuoteSettingsRow | undefined> {
  const [row] = await db.select().from(quoteSettings).where(eq(quoteSettings.orgId, orgId));
  return row;
}

export async function saveSettings(db: Db, orgId: string, values: QuoteSettingsValues): Promise<QuoteSettingsRow> {
  const [row] = await db
    .insert(quoteSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: quoteSettings.orgId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** The letterhead's logo (the settings row is created with the defaults when there is none yet). */
export async function setLogo(db: Db, orgId: string, logoFileId: string | null): Promise<void> {
  await db
    .insert(quoteSettings)
    .values({ orgId, logoFileId })
    .onConflictDoUpdate({ target: quoteSettings.orgId, set: { logoFileId, updatedAt: sql`now()` } });
}

export async function insertQuote(db: Db, orgId: string, values: QuoteInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values({ orgId, ...values }).returning();
  return row!;
}

export async function findQuote(db: Db, orgId: string, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(and(eq(quotes.orgId, orgId), eq(quotes.id, id)));
  return row;
}

/** The row for the transaction (edits, sends and answers of one quote apply one after another). */
export async function lockQuote(db: Db, orgId: string, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(and(eq(quotes.orgId, orgId), eq(quotes.id, id))).for('update');
  return row;
}

/** The public page's lookup: the token is the key (unique across workspaces), the answer names its workspace. */
export async function findByToken(db: Db, token: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.publicToken, token));
  return row;
}

export async function listOfDeal(db: Db, orgId: string, dealId: string): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(and(eq(quotes.orgId, orgId), eq(quotes.dealId, dealId))).orderBy(desc(quotes.createdAt), asc(quotes.number), desc(quotes.version)).limit(200);
}

export async function updateQuote(db: Db, orgId: string, id: string, values: Partial<QuoteInsert>): Promise<QuoteRow> {
  const [row] = await db.update(quotes).set({ ...values, updatedAt: sql`now()` }).where(and(eq(quotes.orgId, orgId), eq(quotes.id, id))).returning();
  return row!;
}

/** Counts a view of the public page; answers the previous view's time (null: the first view). */
export async function countView(db: Db, orgId: string, id: string): Promise<Date | null> {
  const [row] = await queryRows<{ previous: string | Date | null }>(
    db,
    sql`update quotes q set view_count = q.view_count + 1, last_viewed_at = now()
      from (select id, last_viewed_at from quotes where org_id = ${orgId} and id = ${id} for update) old
      where q.id = old.id
      returning old.last_viewed_at as previous`,
  );
  return row?.previous ? new Date(row.previous) : null;
}

/** The current version of each quote of a contact's (clientId) or company's (companyId) visible live deals, latest first. */
export function quotesOfRecord(db: Db, orgId: string, column: 'clientId' | 'companyId', recordId: string, visibility: SQL, limit: number) {
  return db
    .select({
      id: quotes.id,
      number: quotes.number,
      version: quotes.version,
      dealId: quotes.dealId,
      dealName: deals.name,
      status: quotes.status,
      total: sql<string>`${quotes.total}::text`,
      validUntil: quotes.validUntil,
      sentAt: quotes.sentAt,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(quotes)
    .innerJoin(deals, and(eq(deals.orgId, quotes.orgId), eq(deals.id, quotes.dealId)))
    .where(and(eq(quotes.orgId, orgId), eq(deals[column], recordId), sql`${deals.deletedAt} is null`, ne(quotes.status, 'superseded'), visibility))
    .orderBy(sql`coalesce(${quotes.sentAt}, ${quotes.createdAt}) desc`, desc(quotes.number))
    .limit(limit);
}

/**
 * A page of the export: the current version (not superseded) of each quote of the visible live deals, made on a
 * day of [from, to] (either may be open), by number. Keyset on (number, version).
 */
export function quotesForExport(db: Db, orgId: string, visibility: SQL, range: { from?: string; to?: string }, after: { number: string; version: number } | null, limit: number) {
  return db
    .select({ row: quotes, dealName: deals.name })
    .from(quotes)
    .innerJoin(deals, and(eq(deals.orgId, quotes.orgId), eq(deals.id, quotes.dealId)))
    .where(
      and(
        eq(quotes.orgId, orgId),
        sql`${deals.deletedAt} is null`,
        ne(quotes.status, 'superseded'),
        visibility,
        range.from ? sql`${quotes.issuedOn} >= ${range.from}` : undefined,
        range.to ? sql`${quotes.issuedOn} <= ${range.to}` : undefined,
        after ? sql`(${quotes.number}, ${quotes.version}) > (${after.number}, ${after.version})` : undefined,
      ),
    )
    .orderBy(asc(quotes.number), asc(quotes.version))
    .limit(limit);
}
