import { and, desc, eq, getTableColumns, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { deals } from '../deals/deals.table.ts';
import { salesInvoices, salesInvoiceSettings } from './sales-invoices.table.ts';

export type SalesInvoiceRow = typeof salesInvoices.$inferSelect;
export type SalesInvoiceInsert = Omit<typeof salesInvoices.$inferInsert, 'orgId'>;
export type SalesInvoiceSettingsRow = typeof salesInvoiceSettings.$inferSelect;
export type SalesInvoiceWithDeal = SalesInvoiceRow & { dealName: string };

export async function findSettings(db: Db, orgId: string): Promise<SalesInvoiceSettingsRow | undefined> {
  const [row] = await db.select().from(salesInvoiceSettings).where(eq(salesInvoiceSettings.orgId, orgId));
  return row;
}

export async function saveSettings(db: Db, orgId: string, values: Omit<typeof salesInvoiceSettings.$inferInsert, 'orgId' | 'updatedAt'>): Promise<SalesInvoiceSettingsRow> {
  const [row] = await db
    .insert(salesInvoiceSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: salesInvoiceSettings.orgId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function markChecked(db: Db, orgId: string, at: Date): Promise<void> {
  await db.update(salesInvoiceSettings).set({ checkedAt: at }).where(eq(salesInvoiceSettings.orgId, orgId));
}

const withDeal = { ...getTableColumns(salesInvoices), dealName: deals.name };
const selectWithDeal = (db: Db) => db.select(withDeal).from(salesInvoices).innerJoin(deals, eq(deals.id, salesInvoices.dealId));

export async function find(db: Db, orgId: string, id: string): Promise<SalesInvoiceWithDeal | undefined> {
  const [row] = await selectWithDeal(db).where(and(eq(salesInvoices.orgId, orgId), eq(salesInvoices.id, id)));
  return row;
}

export async function listOfDeal(db: Db, orgId: string, dealId: string): Promise<SalesInvoiceWithDeal[]> {
  return selectWithDeal(db)
    .where(and(eq(salesInvoices.orgId, orgId), eq(salesInvoices.dealId, dealId)))
    .orderBy(desc(salesInvoices.createdAt));
}

/** The company's or contact's page: invoices of the deals the viewer sees (`visible` is the deals' owner predicate). */
export function listOfRecord(db: Db, orgId: string, column: 'companyId' | 'clientId', recordId: string, visible: SQL, limit: number) {
  const where = and(eq(salesInvoices.orgId, orgId), eq(deals[column], recordId), isNull(deals.deletedAt), visible);
  return {
    rows: selectWithDeal(db).where(where).orderBy(desc(salesInvoices.createdAt)).limit(limit),
    count: db.select({ total: sql<number>`count(*)::int` }).from(salesInvoices).innerJoin(deals, eq(deals.id, salesInvoices.dealId)).where(where),
  };
}

/** The deal's live (not voided) invoice, if any: what a second issue request answers. */
export async function liveOfDeal(db: Db, orgId: string, dealId: string): Promise<SalesInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(salesInvoices)
    .where(and(eq(salesInvoices.orgId, orgId), eq(salesInvoices.dealId, dealId), ne(salesInvoices.status, 'voided')));
  return row;
}

/** One live invoice per deal: a concurrent second insert does nothing (answers undefined). */
export async function insertOnce(db: Db, orgId: string, values: SalesInvoiceInsert): Promise<SalesInvoiceRow | undefined> {
  const [row] = await db
    .insert(salesInvoices)
    .values({ orgId, ...values })
    .onConflictDoNothing({ target: salesInvoices.dealId, where: sql`${salesInvoices.status} <> 'voided'` })
    .returning();
  return row;
}

/** Pending invoices due now whose lease (if any) expired; `id` narrows to one. Across workspaces: the job's view. */
export async function due(db: Db, now: Date, id?: string): Promise<SalesInvoiceRow[]> {
  return db
    .select()
    .from(salesInvoices)
    .where(
      and(
        eq(salesInvoices.status, 'pending'),
        lte(salesInvoices.nextAttemptAt, now),
        or(isNull(salesInvoices.lockedUntil), lte(salesInvoices.lockedUntil, now)),
        id ? eq(salesInvoices.id, id) : undefined,
      ),
    )
    .orderBy(salesInvoices.nextAttemptAt)
    .limit(100);
}

/** Takes one invoice for this runner (a lease): of two runners exactly one gets it. */
export async function claim(db: Db, id: string, now: Date, leaseMs: number): Promise<SalesInvoiceRow | undefined> {
  const [row] = await db
    .update(salesInvoices)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(salesInvoices.id, id),
        eq(salesInvoices.status, 'pending'),
        lte(salesInvoices.nextAttemptAt, now),
        or(isNull(salesInvoices.lockedUntil), lte(salesInvoices.lockedUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** By id alone: only the job and the operator console (which hold no workspace) call it with a row they read first. */
export async function update(db: Db, id: string, values: Partial<SalesInvoiceInsert>): Promise<SalesInvoiceRow> {
  const [row] = await db
    .update(salesInvoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(salesInvoices.id, id))
    .returning();
  return row!;
}

/** Not issued yet, the alert point before the deadline passed, not alerted yet. */
export async function nearDeadline(db: Db, alertBy: Date): Promise<SalesInvoiceRow[]> {
  return db
    .select()
    .from(salesInvoices)
    .where(and(inArray(salesInvoices.status, ['pending', 'failed']), lte(salesInvoices.deadlineAt, alertBy), isNull(salesInvoices.deadlineAlertedAt)))
    .limit(100);
}

/** The operator console: refused or still retrying, across workspaces, with the workspace's name. */
export async function unresolved(db: Db): Promise<(SalesInvoiceRow & { workspaceName: string })[]> {
  return db
    .select({ ...getTableColumns(salesInvoices), workspaceName: organizations.name })
    .from(salesInvoices)
    .innerJoin(organizations, eq(organizations.id, salesInvoices.orgId))
    .where(inArray(salesInvoices.status, ['pending', 'failed']))
    .orderBy(salesInvoices.deadlineAt)
    .limit(200);
}

export async function findAnyWorkspace(db: Db, id: string): Promise<SalesInvoiceRow | undefined> {
  const [row] = await db.select().from(salesInvoices).where(eq(salesInvoices.id, id));
  return row;
}
