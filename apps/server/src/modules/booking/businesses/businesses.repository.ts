import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
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
