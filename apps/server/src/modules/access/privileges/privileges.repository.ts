import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Feature, FeaturePrivilege, NodeType, PrivilegeFeatures } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { members } from '../members/members.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { departments } from '../departments/departments.table.ts';
import { users } from '../users/users.table.ts';
import { privilegeAssignments, privileges } from './privileges.table.ts';

export type PrivilegeRow = typeof privileges.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;

export async function insertPrivilege(
  db: Db,
  orgId: string,
  values: { name: string; isAdministrator: boolean; isDefault?: boolean; features: PrivilegeFeatures },
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
    .where(and(eq(privileges.orgId, orgId), eq(privileges.isDefault, true)))
    .limit(1);
  return row;
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

/** Rows of a driver-agnostic `db.execute`: both drivers answer { rows }; the shared Db type cannot know that. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// Qualified by hand: drizzle leaves columns unqualified in a single-table select, which the subquery would capture.
const holderCount = sql<number>`(
  select count(*)::int from members m where m.org_id = "privileges"."org_id" and m.privilege_id = "privileges"."id"
)`.mapWith(Number);

export type PrivilegeWithCount = PrivilegeRow & { userCount: number };

export async function listPrivileges(db: Db, orgId: string): Promise<PrivilegeWithCount[]> {
  const rows = await db
    .select({ privilege: privileges, userCount: holderCount })
    .from(privileges)
    .where(eq(privileges.orgId, orgId))
    // Built-in ones first, then in creation order.
    .orderBy(sql`${privileges.isAdministrator} desc`, sql`${privileges.isDefault} desc`, asc(privileges.createdAt), asc(privileges.id));
  return rows.map((row) => ({ ...row.privilege, userCount: row.userCount }));
}

export async function findPrivilegeWithCount(db: Db, orgId: string, privilegeId: string): Promise<PrivilegeWithCount | undefined> {
  const [row] = await db
    .select({ privilege: privileges, userCount: holderCount })
    .from(privileges)
    .where(and(eq(privileges.orgId, orgId), eq(privileges.id, privilegeId)))
    .limit(1);
  return row ? { ...row.privilege, userCount: row.userCount } : undefined;
}

export async function renamePrivilege(db: Db, orgId: string, privilegeId: string, name: string): Promise<void> {
  await db
    .update(privileges)
    .set({ name })
    .where(and(eq(privileges.orgId, orgId), eq(privileges.id, privilegeId)));
}

/** One feature replaced in place (jsonb_set), so concurrent edits of other features are not lost. */
export async function setPrivilegeFeature(
  db: Db,
  orgId: string,
  privilegeId: string,
  feature: Feature,
  value: FeaturePrivilege,
): Promise<void> {
  await db
    .update(privileges)
    .set({ features: sql`jsonb_set(${privileges.features}, ${`{${feature}}`}::text[], ${JSON.stringify(value)}::jsonb, true)` })
    .where(and(eq(privileges.orgId, orgId), eq(privileges.id, privilegeId), eq(privileges.isAdministrator, false)));
}

export async function countPrivilegeUse(db: Db, orgId: string, privilegeId: string): Promise<number> {
  const [holders] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.privilegeId, privilegeId)));
  const [assigned] = await db
    .select({ n: count() })
    .from(privilegeAssignments)
    .where(and(eq(privilegeAssignments.orgId, orgId), eq(privilegeAssignments.privilegeId, privilegeId)));
  return Number(holders?.n ?? 0) + Number(assigned?.n ?? 0);
}

/** The node assignments of one privilege move to another (its holders move in members). */
export async function reassignAssignments(db: Db, orgId: string, fromId: string, toId: string): Promise<void> {
  await db
    .update(privilegeAssignments)
    .set({ privilegeId: toId })
    .where(and(eq(privilegeAssignments.orgId, orgId), eq(privilegeAssignments.privilegeId, fromId)));
}

/** Never the built-in ones, whatever the caller checked. */
export async function deletePrivilege(db: Db, orgId: string, privilegeId: string): Promise<number> {
  const deleted = await db
    .delete(privileges)
    .where(
      and(
        eq(privileges.orgId, orgId),
        eq(privileges.id, privilegeId),
        eq(privileges.isAdministrator, false),
        eq(privileges.isDefault, false),
      ),
    )
    .returning({ id: privileges.id });
  return deleted.length;
}

export interface EffectivePrivilegeRow {
  /** 'member' for the member's own privilege, else the node type of the assignment. */
  via: 'member' | NodeType;
  feature: Feature | null;
  privilege_id: string;
  is_administrator: boolean;
  features: PrivilegeFeatures;
}

/**
 * In one query: the member's privilege and the assignments to their user node and department node,
 * each with the assigned privilege's features.
 */
export async function findEffectivePrivilegeRows(
  db: Db,
  orgId: string,
  who: { privilegeId: string | null; userId: string | null; departmentId: string | null },
): Promise<EffectivePrivilegeRow[]> {
  const result = await db.execute(sql`
    select 'member' as via, null as feature, p.id as privilege_id, p.is_administrator, p.features
    from ${privileges} p
    where p.org_id = ${orgId} and p.id = ${who.privilegeId}
    union all
    select a.node_type as via, a.feature, p.id, p.is_administrator, p.features
    from ${privilegeAssignments} a
    join ${privileges} p on p.id = a.privilege_id and p.org_id = a.org_id
    where a.org_id = ${orgId}
      and ((a.node_type = 'user' and a.node_id = ${who.userId}) or (a.node_type = 'department' and a.node_id = ${who.departmentId}))
  `);
  return rowsOf<EffectivePrivilegeRow>(result);
}

/** What one request's actor is built from: the workspace, the caller's membership and the privilege rows. */
export interface ActorContext {
  topAdminUserId: string;
  frozen: boolean;
  member: { id: string; status: string; isSystemAdministrator: boolean; privilegeId: string | null; departmentId: string | null } | null;
  /** As findEffectivePrivilegeRows; empty unless the member is activated. */
  rows: EffectivePrivilegeRow[];
}

interface ActorContextRow extends Omit<EffectivePrivilegeRow, 'privilege_id'> {
  privilege_id: string | null;
  top_admin_user_id: string;
  org_frozen: boolean;
  member_id: string | null;
  member_status: string | null;
  member_is_system_administrator: boolean | null;
  member_privilege_id: string | null;
  member_department_id: string | null;
}

/**
 * The organization (not deleted), the user's membership in it and their privilege rows, in one query
 * (it runs on every org-scoped request). Undefined when the organization is missing or deleted; member
 * null when the user has no membership row. The first branch always yields one row for an existing
 * organization (the member's own privilege, or nulls), the second the node assignments.
 */
export async function findActorContext(db: Db, orgId: string, userId: string): Promise<ActorContext | undefined> {
  const result = await db.execute(sql`
    with ctx as (
      select o.top_admin_user_id, o.frozen_at is not null as org_frozen,
        m.id as member_id, m.status as member_status, m.is_system_administrator as member_is_system_administrator,
        m.privilege_id as member_privilege_id, m.department_id as member_department_id
      from ${organizations} o
      left join ${members} m on m.org_id = o.id and m.user_id = ${userId}
      where o.id = ${orgId} and o.deleted_at is null
    )
    select ctx.*, 'member' as via, null as feature, p.id as privilege_id, p.is_administrator, p.features
    from ctx
    left join ${privileges} p on p.org_id = ${orgId} and p.id = ctx.member_privilege_id and ctx.member_status = 'activated'
    union all
    select ctx.*, a.node_type, a.feature, p.id, p.is_administrator, p.features
    from ctx
    join ${privilegeAssignments} a on a.org_id = ${orgId}
      and ((a.node_type = 'user' and a.node_id = ${userId}) or (a.node_type = 'department' and a.node_id = ctx.member_department_id))
    join ${privileges} p on p.id = a.privilege_id and p.org_id = a.org_id
    where ctx.member_status = 'activated'
  `);
  const rows = rowsOf<ActorContextRow>(result);
  const first = rows[0];
  if (!first) return undefined;
  return {
    topAdminUserId: first.top_admin_user_id,
    frozen: first.org_frozen,
    member: first.member_id
      ? {
          id: first.member_id,
          status: first.member_status!,
          isSystemAdministrator: first.member_is_system_administrator ?? false,
          privilegeId: first.member_privilege_id,
          departmentId: first.member_department_id,
        }
      : null,
    rows: rows
      .filter((row): row is ActorContextRow & { privilege_id: string } => row.privilege_id !== null)
      .map(({ via, feature, privilege_id, is_administrator, features }) => ({ via, feature, privilege_id, is_administrator, features })),
  };
}

// ---- per-feature node assignments ----

export type AssignmentRow = typeof privilegeAssignments.$inferSelect;

/** The privilege's node set for a feature becomes `nodes`; a node held by another privilege for the feature moves. */
export async function replaceAssignments(
  db: Db,
  orgId: string,
  privilegeId: string,
  feature: Feature,
  nodes: Array<{ nodeType: NodeType; nodeId: string }>,
): Promise<void> {
  await db
    .delete(privilegeAssignments)
    .where(
      and(
        eq(privilegeAssignments.orgId, orgId),
        eq(privilegeAssignments.privilegeId, privilegeId),
        eq(privilegeAssignments.feature, feature),
      ),
    );
  if (nodes.length === 0) return;
  await db
    .insert(privilegeAssignments)
    .values(nodes.map((node) => ({ orgId, privilegeId, feature, ...node })))
    .onConflictDoUpdate({
      target: [privilegeAssignments.orgId, privilegeAssignments.feature, privilegeAssignments.nodeType, privilegeAssignments.nodeId],
      set: { privilegeId },
    });
}

export async function listAssignments(
  db: Db,
  orgId: string,
  filter: { feature?: Feature; privilegeId?: string },
): Promise<Array<AssignmentRow & { privilegeName: string }>> {
  const rows = await db
    .select({ assignment: privilegeAssignments, privilegeName: privileges.name })
    .from(privilegeAssignments)
    .innerJoin(privileges, eq(privileges.id, privilegeAssignments.privilegeId))
    .where(
      and(
        eq(privilegeAssignments.orgId, orgId),
        filter.feature ? eq(privilegeAssignments.feature, filter.feature) : undefined,
        filter.privilegeId ? eq(privilegeAssignments.privilegeId, filter.privilegeId) : undefined,
      ),
    )
    .orderBy(asc(privilegeAssignments.feature), asc(privilegeAssignments.createdAt));
  return rows.map((row) => ({ ...row.assignment, privilegeName: row.privilegeName }));
}

export async function deleteNodeAssignments(db: Db, orgId: string, nodeType: NodeType, nodeId: string): Promise<void> {
  await db
    .delete(privilegeAssignments)
    .where(
      and(eq(privilegeAssignments.orgId, orgId), eq(privilegeAssignments.nodeType, nodeType), eq(privilegeAssignments.nodeId, nodeId)),
    );
}

export async function listPrivilegeHolders(db: Db, orgId: string, privilegeId: string) {
  return db
    .select({
      memberId: members.id,
      userId: members.userId,
      invitedEmail: members.invitedEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(members)
    .leftJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), eq(members.privilegeId, privilegeId)))
    .orderBy(asc(members.createdAt), asc(members.id));
}

// ---- owner transfer over any owned table (contacts, companies, deals...) ----

/** How a later module's table names its id, tenant and owner columns. */
export interface OwnedTable {
  table: PgTable;
  id: AnyPgColumn;
  orgId: AnyPgColumn;
  owner: AnyPgColumn;
}

/** The visible records among ids, locked for the transfer (FOR UPDATE). */
export async function lockOwnedRecords(
  db: Db,
  orgId: string,
  owned: OwnedTable,
  ids: string[],
  visible: SQL,
): Promise<Array<{ id: string; ownerUserId: string | null }>> {
  const rows = await db
    .select({ id: owned.id, ownerUserId: owned.owner })
    .from(owned.table)
    .where(and(eq(owned.orgId, orgId), inArray(owned.id, ids), visible))
    .for('update');
  return rows.map((row) => ({ id: String(row.id), ownerUserId: (row.ownerUserId as string | null) ?? null }));
}

export async function setOwner(db: Db, orgId: string, owned: OwnedTable, ids: string[], ownerUserId: string): Promise<void> {
  // SET takes an unqualified column name; the table is generic, so name it directly.
  await db.execute(
    sql`update ${owned.table} set ${sql.identifier(owned.owner.name)} = ${ownerUserId} where ${and(eq(owned.orgId, orgId), inArray(owned.id, ids))}`,
  );
}
