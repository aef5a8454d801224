import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { members } from '../members/members.table.ts';
import { users } from '../users/users.table.ts';
import { departments } from './departments.table.ts';

export type DepartmentRow = typeof departments.$inferSelect;

// Qualified by hand so the subquery never captures unqualified outer columns.
const memberCount = sql<number>`(
  select count(*)::int from members m where m.org_id = "departments"."org_id" and m.department_id = "departments"."id"
)`.mapWith(Number);

export async function listDepartments(db: Db, orgId: string) {
  return db
    .select({
      department: departments,
      supervisorFirstName: users.firstName,
      supervisorLastName: users.lastName,
      memberCount,
    })
    .from(departments)
    .leftJoin(users, eq(users.id, departments.supervisorUserId))
    .where(eq(departments.orgId, orgId))
    .orderBy(asc(departments.name), asc(departments.id));
}

export async function findDepartment(db: Db, orgId: string, departmentId: string): Promise<DepartmentRow | undefined> {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.orgId, orgId), eq(departments.id, departmentId)))
    .limit(1);
  return row;
}

export async function insertDepartment(
  db: Db,
  orgId: string,
  values: { name: string; parentId?: string | null; supervisorUserId?: string | null },
): Promise<DepartmentRow> {
  const [row] = await db.insert(departments).values({ orgId, ...values }).returning();
  return row!;
}

export async function updateDepartment(
  db: Db,
  orgId: string,
  departmentId: string,
  patch: Partial<Pick<DepartmentRow, 'name' | 'parentId' | 'supervisorUserId'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(departments)
    .set(patch)
    .where(and(eq(departments.orgId, orgId), eq(departments.id, departmentId)));
}

export async function deleteDepartment(db: Db, orgId: string, departmentId: string): Promise<void> {
  await db.delete(departments).where(and(eq(departments.orgId, orgId), eq(departments.id, departmentId)));
}

/**
 * Locks the workspace's department rows: a move checks the tree, then writes, and two concurrent
 * moves must not each pass the check and together build a cycle.
 */
export async function lockDepartments(db: Db, orgId: string): Promise<void> {
  await db.select({ id: departments.id }).from(departments).where(eq(departments.orgId, orgId)).for('update');
}

/** The department and every department below it, in one recursive query. */
export async function findSubtreeIds(db: Db, orgId: string, departmentId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive tree as (
      select d.id from ${departments} d where d.org_id = ${orgId} and d.id = ${departmentId}
      union
      select child.id from ${departments} child join tree on child.parent_id = tree.id where child.org_id = ${orgId}
    )
    select id from tree
  `);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

export async function countChildrenAndMembers(db: Db, orgId: string, departmentId: string): Promise<{ children: number; members: number }> {
  const [children] = await db
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.orgId, orgId), eq(departments.parentId, departmentId)));
  const [assigned] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.departmentId, departmentId)));
  return { children: Number(children?.n ?? 0), members: Number(assigned?.n ?? 0) };
}
