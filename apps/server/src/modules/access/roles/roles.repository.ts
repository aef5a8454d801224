import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { members } from '../members/members.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { users } from '../users/users.table.ts';
import { roles } from './roles.table.ts';

export type RoleRow = typeof roles.$inferSelect;

export async function listRoles(db: Db, orgId: string): Promise<RoleRow[]> {
  return db.select().from(roles).where(eq(roles.orgId, orgId)).orderBy(asc(roles.name), asc(roles.id));
}

export async function findRole(db: Db, orgId: string, id: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.id, id))).limit(1);
  return row;
}

/** Undefined when the name is taken in the workspace (the unique index decides). */
export async function insertRole(db: Db, orgId: string, name: string): Promise<RoleRow | undefined> {
  const [row] = await db.insert(roles).values({ orgId, name }).onConflictDoNothing().returning();
  return row;
}

export async function nameTaken(db: Db, orgId: string, name: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.orgId, orgId), eq(roles.name, name), ne(roles.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function renameRole(db: Db, orgId: string, id: string, name: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .update(roles)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(roles.orgId, orgId), eq(roles.id, id)))
    .returning();
  return row;
}

export async function deleteRole(db: Db, orgId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(roles).where(and(eq(roles.orgId, orgId), eq(roles.id, id))).returning({ id: roles.id });
  return deleted.length > 0;
}

export async function isRoleHeld(db: Db, orgId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(and(eq(members.orgId, orgId), eq(members.roleId, id))).limit(1);
  return Boolean(row);
}

/** Invited and activated members with what decides their role (deactivated ones hold nothing on the page). */
export async function listHolders(db: Db, orgId: string) {
  return db
    .select({
      memberId: members.id,
      userId: members.userId,
      roleId: members.roleId,
      isSystemAdministrator: members.isSystemAdministrator,
      topAdminUserId: organizations.topAdminUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      invitedEmail: members.invitedEmail,
    })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.orgId))
    .leftJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), ne(members.status, 'deactivated')))
    .orderBy(asc(members.createdAt), asc(members.id));
}
