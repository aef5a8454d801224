import { and, desc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingInvoices } from './invoices.table.ts';

export type InvoiceRow = typeof billingInvoices.$inferSelect;
type InvoiceInsert = typeof billingInvoices.$inferInsert;

export async function findByCharge(db: Db, orgId: string, chargeId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(and(eq(billingInvoices.orgId, orgId), eq(billingInvoices.chargeId, chargeId)));
  return row;
}

export async function listByCharges(db: Db, orgId: string, chargeIds: string[]): Promise<InvoiceRow[]> {
  if (chargeIds.length === 0) return [];
  return db.select().from(billingInvoices).where(and(eq(billingInvoices.orgId, orgId), inArray(billingInvoices.chargeId, chargeIds)));
}

/** The buyer of the workspace's latest paid invoice: renewals are made out like the first payment. */
export async function latestBuyer(db: Db, orgId: string): Promise<InvoiceRow['buyer'] | undefined> {
  const [row] = await db
    .select({ buyer: billingInvoices.buyer })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.orgId, orgId), ne(billingInvoices.status, 'draft')))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(1);
  return row?.buyer;
}

/** One row per charge: a second insert for the same charge does nothing (answers undefined). */
export async function insertOnce(db: Db, values: InvoiceInsert): Promise<InvoiceRow | undefined> {
  const [row] = await db.insert(billingInvoices).values(values).onConflictDoNothing({ target: billingInvoices.chargeId }).returning();
  return row;
}

/** The checkout's buyer replaces the draft's (a retried checkout of the same charge). */
export async function updateDraftBuyer(db: Db, chargeId: string, buyer: InvoiceRow['buyer']): Promise<void> {
  await db.update(billingInvoices).set({ buyer, updatedAt: new Date() }).where(and(eq(billingInvoices.chargeId, chargeId), eq(billingInvoices.status, 'draft')));
}

/** The payment arrived: a draft becomes due now. */
export async function queueDraft(db: Db, chargeId: string, values: Pick<InvoiceInsert, 'amount' | 'itemName' | 'soldAt' | 'deadlineAt' | 'nextAttemptAt'>): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(billingInvoices)
    .set({ ...values, status: 'pending', updatedAt: new Date() })
    .where(and(eq(billingInvoices.chargeId, chargeId), eq(billingInvoices.status, 'draft')))
    .returning();
  return row;
}

/** Pending invoices due now (or whose runner's lease expired); `chargeId` narrows to one. */
export async function due(db: Db, now: Date, chargeId?: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.status, 'pending'),
        lte(billingInvoices.nextAttemptAt, now),
        or(isNull(billingInvoices.lockedUntil), lte(billingInvoices.lockedUntil, now)),
        chargeId ? eq(billingInvoices.chargeId, chargeId) : undefined,
      ),
    )
    .orderBy(billingInvoices.nextAttemptAt)
    .limit(100);
}

/** Takes one invoice for this runner (a lease); of two runners exactly one gets it. */
export async function claim(db: Db, id: string, now: Date, leaseMs: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(billingInvoices)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(billingInvoices.id, id),
        eq(billingInvoices.status, 'pending'),
        lte(billingInvoices.nextAttemptAt, now),
        or(isNull(billingInvoices.lockedUntil), lte(billingInvoices.lockedUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function update(db: Db, id: string, values: Partial<InvoiceInsert>): Promise<InvoiceRow> {
  const [row] = await db
    .update(billingInvoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(billingInvoices.id, id))
    .returning();
  return row!;
}

/** Not issued yet and past the alert point before the deadline, not alerted yet. */
export async function nearDeadline(db: Db, alertBy: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(and(inArray(billingInvoices.status, ['pending', 'failed']), lte(billingInvoices.deadlineAt, alertBy), isNull(billingInvoices.deadlineAlertedAt)))
    .limit(100);
}

/** Invoices the provider refused or still retrying (the operator console's list). */
export async function unresolved(db: Db): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(inArray(billingInvoices.status, ['pending', 'failed']))
    .orderBy(billingInvoices.deadlineAt)
    .limit(200);
}

/** By id across workspaces: the operator console's retry. */
export async function findById(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row;
}
