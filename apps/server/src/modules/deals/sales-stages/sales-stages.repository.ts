import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { salesStages, salesStageTypes } from './sales-stages.table.ts';

export type StageTypeRow = typeof salesStageTypes.$inferSelect;
export type StageRow = typeof salesStages.$inferSelect;

export async function listTypes(db: Db, orgId: string): Promise<StageTypeRow[]> {
  return db.select().from(salesStageTypes).where(eq(salesStageTypes.orgId, orgId)).orderBy(asc(salesStageTypes.createdAt), asc(salesStageTypes.id));
}

/** The default type; racing first visits are settled by the partial unique index. */
export async function insertDefaultType(db: Db, orgId: string, name: string): Promise<void> {
  await db
    .insert(salesStageTypes)
    .values({ orgId, name, isDefault: true })
    .onConflictDoNothing({ target: salesStageTypes.orgId, where: sql`is_default` });
}

/** A new workspace's default type with its stages, in the caller's transaction. */
export async function insertSeededDefaultType(
  db: Db,
  orgId: string,
  name: string,
  stages: { title: string; closingRate: number; alertNotice: number }[],
): Promise<void> {
  const [type] = await db.insert(salesStageTypes).values({ orgId, name, isDefault: true }).returning({ id: salesStageTypes.id });
  await db.insert(salesStages).values(stages.map((stage, i) => ({ ...stage, orgId, stageTypeId: type!.id, sort: i + 1 })));
}

export async function insertType(db: Db, orgId: string, name: string): Promise<StageTypeRow> {
  const [row] = await db.insert(salesStageTypes).values({ orgId, name }).returning();
  return row!;
}

export async function updateType(db: Db, orgId: string, id: string, name: string): Promise<StageTypeRow | undefined> {
  const [row] = await db.update(salesStageTypes).set({ name }).where(and(eq(salesStageTypes.orgId, orgId), eq(salesStageTypes.id, id))).returning();
  return row;
}

export async function deleteType(db: Db, orgId: string, id: string): Promise<void> {
  await db.delete(salesStageTypes).where(and(eq(salesStageTypes.orgId, orgId), eq(salesStageTypes.id, id)));
}

export async function listStages(db: Db, orgId: string, stageTypeId?: string): Promise<StageRow[]> {
  return db
    .select()
    .from(salesStages)
    .where(and(eq(salesStages.orgId, orgId), stageTypeId ? eq(salesStages.stageTypeId, stageTypeId) : undefined))
    .orderBy(asc(salesStages.sort), asc(salesStages.id));
}

export async function findStage(db: Db, orgId: string, id: number): Promise<StageRow | undefined> {
  const [row] = await db.select().from(salesStages).where(and(eq(salesStages.orgId, orgId), eq(salesStages.id, id))).limit(1);
  return row;
}

export async function countStages(db: Db, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(salesStages).where(eq(salesStages.orgId, orgId));
  return Number(row?.n ?? 0);
}

export async function insertStage(
  db: Db,
  orgId: string,
  values: { stageTypeId: string; title: string; alertNotice: number | null; closingRate: number; category: StageRow['category'] },
): Promise<StageRow> {
  const [row] = await db
    .insert(salesStages)
    .values({
      ...values,
      orgId,
      // Appended after the type's last stage.
      sort: sql`(select coalesce(max(sort), 0) + 1 from ${salesStages} where org_id = ${orgId} and stage_type_id = ${values.stageTypeId})`,
    })
    .returning();
  return row!;
}

export async function updateStage(
  db: Db,
  orgId: string,
  id: number,
  values: { title: string; alertNotice: number | null; closingRate: number; category: StageRow['category'] },
): Promise<StageRow | undefined> {
  const [row] = await db.update(salesStages).set(values).where(and(eq(salesStages.orgId, orgId), eq(salesStages.id, id))).returning();
  return row;
}

export async function deleteStage(db: Db, orgId: string, id: number): Promise<void> {
  await db.delete(salesStages).where(and(eq(salesStages.orgId, orgId), eq(salesStages.id, id)));
}

/** sort = position in `ids`, in one statement. */
export async function setSorts(db: Db, orgId: string, stageTypeId: string, ids: number[]): Promise<void> {
  const cases = sql.join(ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`), sql` `);
  await db
    .update(salesStages)
    .set({ sort: sql`case ${salesStages.id} ${cases} else ${salesStages.sort} end` })
    .where(and(eq(salesStages.orgId, orgId), eq(salesStages.stageTypeId, stageTypeId)));
}
