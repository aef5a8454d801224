import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../access/users/users.table.ts';
import { activityItems, activityPoints, activityProfileItems, activityProfiles, activityProfileUsers } from './activity-items.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

export type ActivityItemRow = typeof activityItems.$inferSelect;
export type ActivityProfileRow = typeof activityProfiles.$inferSelect;

const userName = personNameSql(users.firstName, users.lastName);

// ---- items ----

export function listItems(db: Db, orgId: string): Promise<ActivityItemRow[]> {
  return db.select().from(activityItems).where(eq(activityItems.orgId, orgId)).orderBy(asc(activityItems.createdAt), asc(activityItems.id));
}

export async function findItems(db: Db, orgId: string, ids: string[]): Promise<ActivityItemRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(activityItems).where(and(eq(activityItems.orgId, orgId), inArray(activityItems.id, [...new Set(ids)])));
}

export async function insertItem(db: Db, orgId: string, values: { name: string; point: number; targetNum: number }): Promise<ActivityItemRow> {
  const [row] = await db.insert(activityItems).values({ ...values, orgId }).returning();
  return row!;
}

export async function updateItem(db: Db, orgId: string, id: string, values: Partial<{ name: string; point: number; targetNum: number }>): Promise<ActivityItemRow | undefined> {
  const [row] = await db.update(activityItems).set(values).where(and(eq(activityItems.orgId, orgId), eq(activityItems.id, id))).returning();
  return row;
}

export async function deleteItem(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(activityItems).where(and(eq(activityItems.orgId, orgId), eq(activityItems.id, id))).returning({ id: activityItems.id });
  return rows.length > 0;
}

// ---- profiles ----

export function listProfiles(db: Db, orgId: string): Promise<ActivityProfileRow[]> {
  return db.select().from(activityProfiles).where(eq(activityProfiles.orgId, orgId)).orderBy(asc(activityProfiles.createdAt), asc(activityProfiles.id));
}

export async function findProfile(db: Db, orgId: string, id: string): Promise<ActivityProfileRow | undefined> {
  const [row] = await db.select().from(activityProfiles).where(and(eq(activityProfiles.orgId, orgId), eq(activityProfiles.id, id)));
  return row;
}

export async function insertProfile(db: Db, orgId: string, values: { name: string; weightScore: number; dailyTargetCount: number }): Promise<ActivityProfileRow> {
  const [row] = await db.insert(activityProfiles).values({ ...values, orgId }).returning();
  return row!;
}

export async function updateProfile(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<{ name: string; weightScore: number; dailyTargetCount: number }>,
): Promise<ActivityProfileRow | undefined> {
  if (Object.keys(values).length === 0) return findProfile(db, orgId, id);
  const [row] = await db.update(activityProfiles).set(values).where(and(eq(activityProfiles.orgId, orgId), eq(activityProfiles.id, id))).returning();
  return row;
}

export async function deleteProfile(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(activityProfiles).where(and(eq(activityProfiles.orgId, orgId), eq(activityProfiles.id, id))).returning({ id: activityProfiles.id });
  return rows.length > 0;
}

export async function replaceProfileItems(db: Db, orgId: string, profileId: string, itemIds: string[]): Promise<void> {
  await db.delete(activityProfileItems).where(and(eq(activityProfileItems.orgId, orgId), eq(activityProfileItems.profileId, profileId)));
  if (itemIds.length === 0) return;
  await db.insert(activityProfileItems).values(itemIds.map((itemId, sort) => ({ orgId, profileId, itemId, sort })));
}

/** The profile's users become exactly userIds; a user assigned elsewhere moves here (one profile per user). */
export async function replaceProfileUsers(db: Db, orgId: string, profileId: string, userIds: string[]): Promise<void> {
  await db.delete(activityProfileUsers).where(and(eq(activityProfileUsers.orgId, orgId), eq(activityProfileUsers.profileId, profileId)));
  if (userIds.length === 0) return;
  await db
    .insert(activityProfileUsers)
    .values(userIds.map((userId) => ({ orgId, userId, profileId })))
    .onConflictDoUpdate({ target: [activityProfileUsers.orgId, activityProfileUsers.userId], set: { profileId } });
}

export async function profileItems(db: Db, orgId: string, profileIds: string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: activityProfileItems.profileId, item: activityItems })
    .from(activityProfileItems)
    .innerJoin(activityItems, eq(activityItems.id, activityProfileItems.itemId))
    .where(and(eq(activityProfileItems.orgId, orgId), inArray(activityProfileItems.profileId, profileIds)))
    .orderBy(asc(activityProfileItems.sort));
}

export async function profileUsers(db: Db, orgId: string, profileIds: string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: activityProfileUsers.profileId, userId: activityProfileUsers.userId, name: userName })
    .from(activityProfileUsers)
    .innerJoin(users, eq(users.id, activityProfileUsers.userId))
    .where(and(eq(activityProfileUsers.orgId, orgId), inArray(activityProfileUsers.profileId, profileIds)))
    .orderBy(asc(users.firstName));
}

export async function profileIdOfUser(db: Db, orgId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ profileId: activityProfileUsers.profileId })
    .from(activityProfileUsers)
    .where(and(eq(activityProfileUsers.orgId, orgId), eq(activityProfileUsers.userId, userId)));
  return row?.profileId ?? null;
}

// ---- earned points ----

export async function insertPoints(
  db: Db,
  orgId: string,
  rows: { userId: string; scheduleId: string; occurrenceDate: string; activityItemId: string; itemName: string; point: number; earnedOn: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(activityPoints).values(rows.map((r) => ({ ...r, orgId }))).onConflictDoNothing();
}

/** Points of one occurrence (occurrenceDate) or, with `from`, of every occurrence on or after it; all without either. */
export async function deletePoints(db: Db, orgId: string, scheduleIds: string[], occurrence?: { date: string } | { from: string }): Promise<void> {
  if (scheduleIds.length === 0) return;
  await db
    .delete(activityPoints)
    .where(
      and(
        eq(activityPoints.orgId, orgId),
        inArray(activityPoints.scheduleId, scheduleIds),
        occurrence && 'date' in occurrence ? eq(activityPoints.occurrenceDate, occurrence.date) : undefined,
        occurrence && 'from' in occurrence ? gte(activityPoints.occurrenceDate, occurrence.from) : undefined,
      ),
    );
}

export async function sumPoints(db: Db, orgId: string, userId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${activityPoints.point}), 0)` })
    .from(activityPoints)
    .where(and(eq(activityPoints.orgId, orgId), eq(activityPoints.userId, userId), gte(activityPoints.earnedOn, from), lte(activityPoints.earnedOn, to)));
  return Number(row?.total ?? 0);
}
