import type { CustomFieldEntity } from '@lodestar/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customFields } from './custom-fields.table.ts';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type CustomFieldInsert = Omit<typeof customFields.$inferInsert, 'id' | 'orgId' | 'entity' | 'createdAt'>;

export async function listFields(db: Db, orgId: string, entity: CustomFieldEntity): Promise<CustomFieldRow[]> {
  return db
    .select()
    .from(customFields)
    .where(and(eq(customFields.orgId, orgId), eq(customFields.entity, entity)))
    .orderBy(asc(customFields.sort), asc(customFields.createdAt));
}

export async function insertField(db: Db, orgId: string, entity: CustomFieldEntity, values: CustomFieldInsert): Promise<CustomFieldRow> {
  const [row] = await db.insert(customFields).values({ ...values, orgId, entity }).returning();
  return row!;
}

export async function updateField(
  db: Db,
  orgId: string,
  entity: CustomFieldEntity,
  id: string,
  values: Partial<CustomFieldInsert>,
): Promise<CustomFieldRow | undefined> {
  const [row] = await db
    .update(customFields)
    .set(values)
    .where(and(eq(customFields.orgId, orgId), eq(customFields.entity, entity), eq(customFields.id, id)))
    .returning();
  return row;
}

export async function deleteField(db: Db, orgId: string, entity: CustomFieldEntity, id: string): Promise<boolean> {
  const rows = await db
    .delete(customFields)
    .where(and(eq(customFields.orgId, orgId), eq(customFields.entity, entity), eq(customFields.id, id)))
    .returning({ id: customFields.id });
  return rows.length > 0;
}

export async function nextSort(db: Db, orgId: string, entity: CustomFieldEntity): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${customFields.sort}) + 1, 0)::int` })
    .from(customFields)
    .where(and(eq(customFields.orgId, orgId), eq(customFields.entity, entity)));
  return Number(row?.n ?? 0);
}
