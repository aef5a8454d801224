import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { reservationSlots } from '../reservations/reservations.table.ts';
import { businesses } from './businesses.table.ts';

export type BusinessRow = typeof businesses.$inferSelect;
export type BusinessValues = Pick<BusinessRow, 'idName' | 'name' | 'concurrentBooking' | 'timeZone' | 'isPublic' | 'hours'>;

export async function findBusiness(db: Db, orgId: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.orgId, orgId));
  return row;
}

export async function findBusinessById(db: Db, orgId: string, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(and(eq(businesses.orgId, orgId), eq(businesses.id, id)));
  return row;
}

/** Today's concurrentBooking, with a share lock: a business save (row update) waits until the booking commits. */
export async function lockCapacity(db: Db, orgId: string, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ concurrentBooking: businesses.concurrentBooking })
    .from(businesses)
    .where(and(eq(businesses.orgId, orgId), eq(businesses.id, id)))
    .for('share');
  return row?.concurrentBooking;
}

/** The public page's lookup: only a business whose owner turned the page on. */
export async function findPublicBusiness(db: Db, idName: string): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.idName, idName), eq(businesses.isPublic, true)));
  return row;
}

export async function isIdNameTaken(db: Db, orgId: string, idName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.idName, idName), sql`${businesses.orgId} <> ${orgId}`));
  return row !== undefined;
}

/** Creates or edits the workspace's one business (org_id is unique). */
export async function upsertBusiness(db: Db, orgId: string, ownerUserId: string, values: BusinessValues): Promise<BusinessRow> {
  const [row] = await db
    .insert(businesses)
    .values({ ...values, orgId, ownerUserId })
    .onConflictDoUpdate({ target: businesses.orgId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/**
 * New bookings must fit the new concurrentBooking from today on. Rows are locked in key order (as creates
 * lock them) so this never deadlocks with a booking in flight.
 */
export async function setFutureCapacity(db: Db, orgId: string, businessId: string, fromDate: string, capacity: number): Promise<void> {
  await db.execute(sql`
    update ${reservationSlots} set capacity = ${capacity}
    where (business_id, date, minute) in (
      select business_id, date, minute from ${reservationSlots}
      where org_id = ${orgId} and business_id = ${businessId} and date >= ${fromDate} and capacity <> ${capacity}
      order by date, minute
      for update
    )`);
}
