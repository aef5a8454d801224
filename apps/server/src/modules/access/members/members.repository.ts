import type { MembershipStatus } from '@lodestar/contract';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { departments } from '../departments/departments.table.ts';
import { members } from './members.table.ts';
import { privileges } from '../privileges/privileges.table.ts';
import { roles } from '../roles/roles.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { users } from '../users/users.table.ts';

export type MemberRow = typeof members.$inferSelect;

/** A membership with its account, privilege and department, as the settings pages show it. */
function selectMemberDetails(db: Db, orgId: string, where: SQL | undefined) {
  return db
    .select({
      member: members,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
      privilegeName: privileges.name,
      departmentName: departments.name,
      roleName: roles.name,
    })
    .from(members)
    .leftJoin(users, eq(users.id, members.userId))
    .leftJoin(roles, and(eq(roles.id, members.roleId), eq(roles.orgId, orgId)))
    .leftJoin(privileges, and(eq(privileges.id, members.privilegeId), eq(privileges.orgId, orgId)))
    .leftJoin(departments, and(eq(departments.id, members.departmentId), eq(departments.orgId, orgId)))
    .where(and(eq(members.orgId, orgId), where))
    .orderBy(asc(members.createdAt), asc(members.id));
}

export type MemberDetailsRow = Awaited<ReturnType<typeof selectMemberDetails>>[number];

export async function listMemberDetails(db: Db, orgId: string, status?: MembershipStatus): Promise<MemberDetailsRow[]> {
  return selectMemberDetails(db, orgId, status ? eq(members.status, status) : undefined);
}

export async function findMemberDetails(db: Db, orgId: string, memberId: string): Promise<MemberDetailsRow | undefined> {
  const [row] = await selectMemberDetails(db, orgId, eq(members.id, memberId));
  return row;
}

export async function findMember(db: Db, orgId: string, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.id, memberId)))
    .limit(1);
  return row;
}

/** Memberships matching any of the emails, by invitation address or by the account's email. */
export async function findMembersByEmails(db: Db, orgId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ member: members, email: users.email })
    .from(members)
    .leftJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), or(inArray(members.invitedEmail, emails), inArray(users.email, emails))));
}

export async function insertInvitations(
  db: Db,
  orgId: string,
  rows: Array<Pick<MemberRow, 'userId' | 'invitedEmail' | 'invitedByUserId' | 'privilegeId' | 'departmentId' | 'roleId'>>,
): Promise<MemberRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(members)
    .values(rows.map((row) => ({ ...row, orgId, status: 'invited' as const, isSystemAdministrator: false })))
    // A concurrent invitation of the same address won the unique index: it sends the mail, not us.
    .onConflictDoNothing()
    .returning();
}

/** A new workspace's first rows: its creator (activated) and the addresses invited with it. */
export async function insertMembers(
  db: Db,
  orgId: string,
  rows: Array<Omit<typeof members.$inferInsert, 'orgId'>>,
): Promise<MemberRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(members)
    .values(rows.map((row) => ({ ...row, orgId })))
    .onConflictDoNothing()
    .returning();
}

/** Answers how many of memberIds belong to the org and were moved. */
export async function assignDepartment(db: Db, orgId: string, memberIds: string[], departmentId: string | null): Promise<number> {
  const updated = await db
    .update(members)
    .set({ departmentId })
    .where(and(eq(members.orgId, orgId), inArray(members.id, memberIds)))
    .returning({ id: members.id });
  return updated.length;
}

/** The holders of one privilege get another (the privilege is being deleted). */
export async function reassignPrivilege(db: Db, orgId: string, fromId: string, toId: string): Promise<void> {
  await db
    .update(members)
    .set({ privilegeId: toId })
    .where(and(eq(members.orgId, orgId), eq(members.privilegeId, fromId)));
}

export async function updateMember(
  db: Db,
  orgId: string,
  memberId: string,
  patch: Partial<Pick<MemberRow, 'isSystemAdministrator' | 'privilegeId' | 'departmentId' | 'roleId'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(members)
    .set(patch)
    .where(and(eq(members.orgId, orgId), eq(members.id, memberId)));
}

/**
 * A status change only from the expected status (conditional update): answers false when the membership
 * is not (any more) in `from`, so two concurrent calls cannot both act.
 */
export async function changeStatus(
  db: Db,
  orgId: string,
  memberId: string,
  from: MembershipStatus,
  patch: { status: MembershipStatus; userId?: string },
): Promise<boolean> {
  const updated = await db
    .update(members)
    .set(patch)
    .where(and(eq(members.orgId, orgId), eq(members.id, memberId), eq(members.status, from)))
    .returning({ id: members.id });
  return updated.length > 0;
}

export async function deleteInvitation(db: Db, orgId: string, memberId: string): Promise<boolean> {
  const deleted = await db
    .delete(members)
    .where(and(eq(members.orgId, orgId), eq(members.id, memberId), eq(members.status, 'invited')))
    .returning({ id: members.id });
  return deleted.length > 0;
}

/** Activated members with an account, for pickers. */
export async function listOpenUsers(db: Db, orgId: string) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
      roleId: members.roleId,
      roleName: roles.name,
      isSystemAdministrator: members.isSystemAdministrator,
      topAdminUserId: organizations.topAdminUserId,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(organizations, eq(organizations.id, members.orgId))
    .leftJoin(roles, and(eq(roles.id, members.roleId), eq(roles.orgId, orgId)))
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Activated members among the given account ids (supervisors, privilege user nodes, transfer targets). */
export async function findActivatedUserIds(db: Db, orgId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated'), inArray(members.userId, userIds)));
  return rows.map((row) => row.userId!);
}

export async function countMembers(db: Db, orgId: string, memberIds: string[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.orgId, orgId), inArray(members.id, memberIds)));
  return rows.length;
}
