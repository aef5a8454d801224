import type { GuideState } from '@lodestar/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { firstRunGuides } from './first-run-guide.table.ts';

type StoredGuide = Omit<GuideState, 'status'> & { status: Exclude<GuideState['status'], 'none'> };

export async function findGuide(db: Db, orgId: string, userId: string): Promise<StoredGuide | null> {
  const [row] = await db
    .select({ status: firstRunGuides.status, current: firstRunGuides.current, done: firstRunGuides.done, skipped: firstRunGuides.skipped })
    .from(firstRunGuides)
    .where(and(eq(firstRunGuides.orgId, orgId), eq(firstRunGuides.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Insert or replace the user's guide in the workspace. */
export async function saveGuide(db: Db, orgId: string, userId: string, guide: StoredGuide): Promise<void> {
  await db
    .insert(firstRunGuides)
    .values({ orgId, userId, ...guide })
    .onConflictDoUpdate({ target: [firstRunGuides.orgId, firstRunGuides.userId], set: { ...guide, updatedAt: sql`now()` } });
}

/** A new workspace's creator: an open guide at the first step (nothing if one exists). */
export async function insertOpenGuide(db: Db, orgId: string, userId: string, current: StoredGuide['current']): Promise<void> {
  await db.insert(firstRunGuides).values({ orgId, userId, status: 'open', current, done: [], skipped: [] }).onConflictDoNothing();
}
