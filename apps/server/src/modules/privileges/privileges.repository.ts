import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PrivilegeFeatures } from '@lodestar/contract';
import type { Db } from '../../db/client.ts';
import { members } from '../organizations/organizations.table.ts';
import { departments } from '../departments/departments.table.ts';
import { privileges } from './privileges.table.ts';

export type PrivilegeRow = typeof privileges.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;

export async function insertPrivilege(
  db: Db,
  orgId: string,
  values: { name: string; isAdministrator: boolean; features: PrivilegeFeatures },
): Promise<PrivilegeRow> {
  const [row] = await db.insert(privileges).values({ orgId, ...values }).returning();
  return row!;
}

export async function findPrivilege(db: Db, orgId: string, privilegeId: string): Promise<PrivilegeRow | undefined> {
  const [row] = await db
    .select()
    .from(privileges)
    .where(and(eq(privileges.orgId, orgId), eq(privileges.id, privilegeId)))
    .limit(1);
  return row;
}

export async function findMemberPrivilege(db: Db, orgId: string): Promise<PrivilegeRow | undefined> {
  const [row] = await db
    .select()
    .from(privileges)
    .where(and(eq(privileges.orgId, orgId), eq(privileges.isAdministrator, false), eq(privileges.name, 'member')))
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

/** Users of one department (the sameDepartment scope). */
export async function findDepartmentUserIds(db: Db, orgId: string, departmentId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.departmentId, departmentId), isNotNull(members.userId)));
  return rows.map((row) => row.userId!);
}

/**
 * Users in the departments the given user supervises and every department below them,
 * in one recursive query (the subordinates scope).
 */
export async function findSubordinateUserIds(db: Db, orgId: string, supervisorUserId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive tree as (
      select d.id from ${departments} d
      where d.org_id = ${orgId} and d.supervisor_user_id = ${supervisorUserId}
      union
      select child.id from ${departments} child
      join tree on child.parent_id = tree.id
      where child.org_id = ${orgId}
    )
    select distinct m.user_id from ${members} m
    where m.org_id = ${orgId} and m.user_id is not null and m.department_id in (select id from tree)
  `);
  // Both drivers answer { rows }; the shared Db type cannot know that.
  return (result as unknown as { rows: Array<{ user_id: string }> }).rows.map((row) => row.user_id);
}
