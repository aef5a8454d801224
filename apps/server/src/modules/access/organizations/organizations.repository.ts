import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../users/users.table.ts';
import { members } from '../members/members.table.ts';
import { organizations } from './organizations.table.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRow = typeof members.$inferSelect;

export async function insertOrganization(
  db: Db,
  values: { name: string; plan: string; topAdminUserId: string },
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** Not deleted; frozen ones included (the caller decides what frozen means). */
export async function findOrganization(db: Db, orgId: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)))
    .limit(1);
  return row;
}

export async function updateOrganization(
  db: Db,
  orgId: string,
  patch: Partial<Pick<OrganizationRow, 'name' | 'industry' | 'otherIndustry' | 'timeZone'>>,
): Promise<void> {
  await db
    .update(organizations)
    .set(patch)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)));
}

/** The plan and frozen state, written by billing through organizations.service (docs/decisions/0010). */
export async function updateBillingState(db: Db, orgId: string, patch: Partial<Pick<OrganizationRow, 'plan' | 'frozenAt'>>): Promise<void> {
  await db.update(organizations).set(patch).where(eq(organizations.id, orgId));
}

export async function softDeleteOrganization(db: Db, orgId: string): Promise<void> {
  await db
    .update(organizations)
    .set({ deletedAt: new Date() })
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)));
}

export async function findMember(db: Db, orgId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.userId, userId)))
    .limit(1);
  return row;
}

const activatedMemberCount = sql<number>`(
  select count(*)::int from members m
  where m.org_id = ${organizations.id} and m.status = 'activated'
)`.mapWith(Number);

/**
 * The organizations where the user is an activated member, with what the workspace list shows.
 * The membership join keys the query by user, so nobody lists another's workspaces.
 */
export async function listMemberOrganizations(db: Db, userId: string, orgId?: string) {
  return db
    .select({
      organization: organizations,
      member: members,
      adminFirstName: users.firstName,
      adminLastName: users.lastName,
      memberCount: activatedMemberCount,
    })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.orgId))
    .innerJoin(users, eq(users.id, organizations.topAdminUserId))
    .where(
      and(
        eq(members.userId, userId),
        eq(members.status, 'activated'),
        isNull(organizations.deletedAt),
        orgId ? eq(organizations.id, orgId) : undefined,
      ),
    )
    .orderBy(asc(organizations.createdAt), asc(organizations.id));
}
