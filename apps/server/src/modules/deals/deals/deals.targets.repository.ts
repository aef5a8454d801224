import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { departmentTargets } from './deals.table.ts';

/** Department targets (the personal ones are in deals.repository.ts with the rest of the deal queries). */

export async function listDepartmentTargets(db: Db, orgId: string, departmentIds: string[], year: number) {
  if (departmentIds.length === 0) return [];
  return db
    .select({ departmentId: departmentTargets.departmentId, month: departmentTargets.month, target: sql<string>`${departmentTargets.target}::text` })
    .from(departmentTargets)
    .where(and(eq(departmentTargets.orgId, orgId), inArray(departmentTargets.departmentId, departmentIds), eq(departmentTargets.year, year)));
}

export async function upsertDepartmentTarget(db: Db, orgId: string, values: { departmentId: string; year: number; month: number; target: string }) {
  await db
    .insert(departmentTargets)
    .values({ ...values, orgId })
    .onConflictDoUpdate({
      target: [departmentTargets.orgId, departmentTargets.departmentId, departmentTargets.year, departmentTargets.month],
      set: { target: values.target, updatedAt: sql`now()` },
    });
}

export async function deleteDepartmentTarget(db: Db, orgId: string, key: { departmentId: string; year: number; month: number }) {
  await db
    .delete(departmentTargets)
    .where(
      and(
        eq(departmentTargets.orgId, orgId),
        eq(departmentTargets.departmentId, key.departmentId),
        eq(departmentTargets.year, key.year),
        eq(departmentTargets.month, key.month),
      ),
    );
}
