import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { automationFollowUps, automationSettings } from './automation.table.ts';

export async function findSetting(db: Db, orgId: string) {
  const [row] = await db.select().from(automationSettings).where(eq(automationSettings.orgId, orgId));
  return row;
}

export async function saveSetting(
  db: Db,
  orgId: string,
  values: { followUpEnabled: boolean; followUpDelay: string; customDays: number | null; titlePrefix: string },
): Promise<void> {
  await db
    .insert(automationSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: automationSettings.orgId, set: { ...values, updatedAt: sql`now()` } });
}

/** Claims the deal's one follow-up: true only for the first claim ever (the primary key decides, races included). */
export async function claimFollowUp(db: Db, orgId: string, dealId: string): Promise<boolean> {
  const rows = await db.insert(automationFollowUps).values({ orgId, dealId }).onConflictDoNothing().returning({ dealId: automationFollowUps.dealId });
  return rows.length > 0;
}

export async function setFollowUpSchedule(db: Db, orgId: string, dealId: string, scheduleId: string): Promise<void> {
  await db.update(automationFollowUps).set({ scheduleId }).where(and(eq(automationFollowUps.orgId, orgId), eq(automationFollowUps.dealId, dealId)));
}
