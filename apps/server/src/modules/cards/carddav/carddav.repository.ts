import { and, count, desc, eq, lt, notInArray, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../access/users/users.table.ts';
import { carddavAppPasswords, carddavSyncStates } from './carddav.table.ts';

export type AppPasswordRow = typeof carddavAppPasswords.$inferSelect;

export async function listAppPasswords(db: Db, orgId: string, userId: string): Promise<AppPasswordRow[]> {
  return db
    .select()
    .from(carddavAppPasswords)
    .where(and(eq(carddavAppPasswords.orgId, orgId), eq(carddavAppPasswords.userId, userId)))
    .orderBy(desc(carddavAppPasswords.createdAt), carddavAppPasswords.id);
}

export async function countAppPasswords(db: Db, orgId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(carddavAppPasswords)
    .where(and(eq(carddavAppPasswords.orgId, orgId), eq(carddavAppPasswords.userId, userId)));
  return row?.n ?? 0;
}

export async function insertAppPassword(
  db: Db,
  values: { orgId: string; userId: string; name: string; tagId: string | null; secretHash: string },
): Promise<AppPasswordRow> {
  const [row] = await db.insert(carddavAppPasswords).values(values).returning();
  return row!;
}

/** True when the member's own app password was there (and is now gone). */
export async function deleteAppPassword(db: Db, orgId: string, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(carddavAppPasswords)
    .where(and(eq(carddavAppPasswords.orgId, orgId), eq(carddavAppPasswords.userId, userId), eq(carddavAppPasswords.id, id)))
    .returning({ id: carddavAppPasswords.id });
  return rows.length > 0;
}

/** The app password of this secret with its owner's sign-in email (the Basic username), and marks it used. */
export async function useAppPassword(db: Db, secretHash: string): Promise<(AppPasswordRow & { email: string }) | undefined> {
  const [row] = await db
    .select({ password: carddavAppPasswords, email: users.email })
    .from(carddavAppPasswords)
    .innerJoin(users, eq(users.id, carddavAppPasswords.userId))
    .where(eq(carddavAppPasswords.secretHash, secretHash))
    .limit(1);
  if (!row) return undefined;
  // At most one write a minute per app password: a phone's sync is several requests.
  await db
    .update(carddavAppPasswords)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(carddavAppPasswords.id, row.password.id), or(isNull(carddavAppPasswords.lastUsedAt), lt(carddavAppPasswords.lastUsedAt, sql`now() - interval '1 minute'`))));
  return { ...row.password, email: row.email };
}

// ---- sync states (RFC 6578 tokens) ----

/** How many versions of a book stay answerable as sync tokens. */
const keptStates = 10;

/** The state of this version of the book, stored when new; returns its id (the sync token's number). */
export async function saveSyncState(db: Db, orgId: string, appPasswordId: string, ctag: string, cards: Record<string, string>): Promise<number> {
  const [row] = await db
    .insert(carddavSyncStates)
    .values({ orgId, appPasswordId, ctag, cards })
    .onConflictDoUpdate({ target: [carddavSyncStates.orgId, carddavSyncStates.appPasswordId, carddavSyncStates.ctag], set: { createdAt: sql`now()` } })
    .returning({ id: carddavSyncStates.id });
  const newest = db
    .select({ id: carddavSyncStates.id })
    .from(carddavSyncStates)
    .where(and(eq(carddavSyncStates.orgId, orgId), eq(carddavSyncStates.appPasswordId, appPasswordId)))
    .orderBy(desc(carddavSyncStates.createdAt), desc(carddavSyncStates.id))
    .limit(keptStates);
  await db
    .delete(carddavSyncStates)
    .where(and(eq(carddavSyncStates.orgId, orgId), eq(carddavSyncStates.appPasswordId, appPasswordId), notInArray(carddavSyncStates.id, newest)));
  return row!.id;
}

/** The id of the stored state of this version of the book, if any. */
export async function findSyncStateId(db: Db, orgId: string, appPasswordId: string, ctag: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: carddavSyncStates.id })
    .from(carddavSyncStates)
    .where(and(eq(carddavSyncStates.orgId, orgId), eq(carddavSyncStates.appPasswordId, appPasswordId), eq(carddavSyncStates.ctag, ctag)))
    .limit(1);
  return row?.id;
}

export async function findSyncState(db: Db, orgId: string, appPasswordId: string, id: number): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ cards: carddavSyncStates.cards })
    .from(carddavSyncStates)
    .where(and(eq(carddavSyncStates.orgId, orgId), eq(carddavSyncStates.appPasswordId, appPasswordId), eq(carddavSyncStates.id, id)))
    .limit(1);
  return row?.cards;
}
