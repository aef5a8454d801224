import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import * as authCache from '../auth/auth-cache.ts';
import { members } from '../members/members.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { loginAttempts, passwordResetCodes, sessions, users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;

// ---- users ----

/** The workspace if it is live and the user an activated member of it (the profile's default workspace). */
export async function findActiveMembershipOrg(db: Db, userId: string, orgId: string): Promise<{ id: string; name: string; plan: string } | undefined> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.orgId))
    .where(and(eq(members.userId, userId), eq(members.orgId, orgId), eq(members.status, 'activated'), isNull(organizations.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Names and e-mails of several users (exports write an owner as "Name <e-mail>"). */
export async function findUsersByIds(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds));
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserByAppleSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.appleSubject, subject)).limit(1);
  return row;
}

export async function linkAppleSubject(db: Db, userId: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ appleSubject: subject, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  authCache.invalidateUser(userId);
  return row;
}

/** Undefined when the email is taken: the unique index decides, whatever the concurrency. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(
  db: Db,
  userId: string,
  patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'avatar' | 'language' | 'passwordHash' | 'defaultOrgId' | 'plan'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  // The signed-in user is cached with the session (platform/auth-cache.ts); callers in a transaction drop it again after commit.
  authCache.invalidateUser(userId);
  return row;
}

export async function clearDefaultOrgForAll(db: Db, orgId: string): Promise<void> {
  await db.update(users).set({ defaultOrgId: null, updatedAt: new Date() }).where(eq(users.defaultOrgId, orgId));
  authCache.invalidateAllSessions();
}

// ---- sessions ----

export async function insertSession(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSessionWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  authCache.invalidateSession(sessionId);
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  authCache.invalidateUser(userId);
}

// ---- password reset codes ----

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/** A new code voids the older ones. */
export async function voidResetCodes(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
}

export async function insertResetCode(
  db: Db,
  values: { userId: string; codeHash: string; linkTokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetCodes).values(values);
}

const usable = (maxAttempts: number) =>
  and(
    isNull(passwordResetCodes.usedAt),
    gt(passwordResetCodes.expiresAt, sql`now()`),
    lt(passwordResetCodes.attempts, maxAttempts),
  );

export async function findUsableResetCode(db: Db, userId: string, maxAttempts: number): Promise<ResetCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), usable(maxAttempts)))
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  return row;
}

export async function findUsableResetCodeByLink(
  db: Db,
  linkTokenHash: string,
  maxAttempts: number,
): Promise<(ResetCodeRow & { email: string }) | undefined> {
  const [row] = await db
    .select({ code: passwordResetCodes, email: users.email })
    .from(passwordResetCodes)
    .innerJoin(users, eq(users.id, passwordResetCodes.userId))
    .where(and(eq(passwordResetCodes.linkTokenHash, linkTokenHash), usable(maxAttempts)))
    .limit(1);
  return row ? { ...row.code, email: row.email } : undefined;
}

export async function countResetCodeAttempt(db: Db, codeId: string): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(eq(passwordResetCodes.id, codeId));
}

/** Conditional update: of two concurrent uses only one gets `true` (single use). */
export async function consumeResetCode(db: Db, codeId: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  return rows.length === 1;
}

// ---- login throttling ----

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;

export async function findLoginAttempts(db: Db, keys: string[]): Promise<LoginAttemptRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys));
}

/**
 * Adds one failure atomically. With `windowMs`, a counter whose window started earlier
 * restarts at 1 (the per-IP rule counts failures in a sliding-ish 15-minute window).
 */
export async function addLoginFailure(db: Db, key: string, windowMs?: number): Promise<number> {
  const windowExpired = windowMs
    ? sql`${loginAttempts.windowStartedAt} < now() - make_interval(secs => ${windowMs / 1000})`
    : sql`false`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${windowExpired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowExpired} then now() else ${loginAttempts.windowStartedAt} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: loginAttempts.failures });
  return row?.failures ?? 1;
}

export async function lockLogin(db: Db, key: string, seconds: number): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(loginAttempts.key, key));
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
