import { fullName as personName, ownerCell } from '@lodestar/contract';
import { randomInt } from 'node:crypto';
import {
  isStrongPassword,
  locales,
  passwordResetCode,
  type Locale,
  type Profile,
  type ProfileUpdateBody,
  type Session,
  type SessionUser,
} from '@lodestar/contract';
import * as authCache from '../auth/auth-cache.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { isOperatorEmail } from '../../../platform/operators.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { burnPasswordCheck, hashPassword, randomToken, sameHash, sha256, verifyPassword } from './passwords.ts';
import * as usersRepository from './users.repository.ts';
import type { UserRow } from './users.repository.ts';
import { passwordResetMail } from './users.mail.ts';

export type { UserRow };

const sessionTtlMs = 30 * 24 * 60 * 60_000;
/** Sliding expiry is written at most once a day per session, not on every request. */
const sessionRefreshAfterMs = 24 * 60 * 60_000;

export const loginThrottle = {
  accountFreeFailures: 5,
  accountMaxLockSeconds: 15 * 60,
  ipMaxFailures: 20,
  ipWindowMs: 15 * 60_000,
  ipLockSeconds: 15 * 60,
} as const;

export interface MailContext {
  mailer: Mailer;
  publicUrl: string;
}

function toLocale(value: string): Locale {
  return (locales as readonly string[]).includes(value) ? (value as Locale) : 'zh-TW';
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    orgId: user.defaultOrgId,
    avatar: user.avatar,
  };
}

/** A person's display name (CJK names joined without a space): one rule, from the contract. */
export function fullName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return personName(user.firstName, user.lastName);
}

/** A new session for a user who proved who they are (password, or Apple in modules/access/apple-sign-in). */
export async function startSession(db: Db, user: UserRow): Promise<Session> {
  const token = randomToken();
  await usersRepository.insertSession(db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + sessionTtlMs),
  });
  return { token, user: toSessionUser(user) };
}

function assertNewPassword(newPassword: string, rePassword: string): void {
  if (newPassword !== rePassword) throw new AppError('AUTH_PASSWORD_MISMATCH');
  if (!isStrongPassword(newPassword)) throw new AppError('AUTH_WEAK_PASSWORD');
}

// ---- accounts ----

export async function register(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string; language: Locale; plan?: string },
): Promise<Session> {
  if (!isStrongPassword(input.password)) throw new AppError('AUTH_WEAK_PASSWORD');
  const user = await usersRepository.insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    language: input.language,
    ...(input.plan ? { plan: input.plan } : {}),
  });
  if (!user) throw new AppError('AUTH_EMAIL_TAKEN');
  return startSession(db, user);
}

/**
 * The account an Apple identity signs in to: the one already linked to its Apple id, else the one with its
 * verified email (linked now), else a new one (its password random and unknown: "forgot password" sets one).
 */
export async function findOrCreateAppleUser(
  db: Db,
  input: { subject: string; email: string; firstName: string; lastName: string; language: Locale; plan?: string },
): Promise<UserRow> {
  const linked = await usersRepository.findUserByAppleSubject(db, input.subject);
  if (linked) return linked;
  const existing = await usersRepository.findUserByEmail(db, input.email);
  if (existing) {
    // Another Apple id already owns this account: refuse rather than move the link.
    if (existing.appleSubject && existing.appleSubject !== input.subject) throw new AppError('AUTH_EMAIL_TAKEN');
    return (await usersRepository.linkAppleSubject(db, existing.id, input.subject)) ?? existing;
  }
  const created = await usersRepository.insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(randomToken()),
    firstName: input.firstName,
    lastName: input.lastName,
    language: input.language,
    appleSubject: input.subject,
    ...(input.plan ? { plan: input.plan } : {}),
  });
  // Lost a race with a sign-up of the same email: that account, linked.
  if (!created) return findOrCreateAppleUser(db, input);
  return created;
}

function lockSeconds(rows: usersRepository.LoginAttemptRow[]): number {
  const now = Date.now();
  const until = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function login(db: Db, input: { email: string; password: string; ip: string }): Promise<Session> {
  const accountKey = `account:${input.email}`;
  const ipKey = `ip:${input.ip}`;
  const seconds = lockSeconds(await usersRepository.findLoginAttempts(db, [accountKey, ipKey]));
  if (seconds > 0) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { seconds });

  const user = await usersRepository.findUserByEmail(db, input.email);
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : (await burnPasswordCheck(input.password), false);
  if (!user || !valid) {
    // Unknown emails count too, so throttling reveals nothing about which accounts exist.
    const accountFailures = await usersRepository.addLoginFailure(db, accountKey);
    if (accountFailures >= loginThrottle.accountFreeFailures) {
      const lock = Math.min(2 ** (accountFailures - loginThrottle.accountFreeFailures), loginThrottle.accountMaxLockSeconds);
      await usersRepository.lockLogin(db, accountKey, lock);
    }
    const ipFailures = await usersRepository.addLoginFailure(db, ipKey, loginThrottle.ipWindowMs);
    if (ipFailures >= loginThrottle.ipMaxFailures) await usersRepository.lockLogin(db, ipKey, loginThrottle.ipLockSeconds);
    throw new AppError('AUTH_INVALID_CREDENTIALS');
  }
  await usersRepository.clearLoginFailures(db, accountKey);
  return startSession(db, user);
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await usersRepository.deleteSession(db, sessionId);
}

/** The signed-in user behind a bearer token, or undefined. Extends the session (sliding 30 days). */
export async function findSessionUser(db: Db, token: string): Promise<{ user: UserRow; sessionId: string } | undefined> {
  // A cached session is used while it has not expired; its sliding refresh waits for the next lookup.
  const found = await authCache.cachedSession(sha256(token), async () => {
    const row = await usersRepository.findSessionWithUser(db, sha256(token));
    if (!row) return undefined;
    const now = Date.now();
    if (row.session.expiresAt.getTime() - now < sessionTtlMs - sessionRefreshAfterMs) {
      await usersRepository.extendSession(db, row.session.id, new Date(now + sessionTtlMs));
    }
    return { user: row.user, sessionId: row.session.id, expiresAt: row.session.expiresAt.getTime() };
  });
  if (!found || found.expiresAt <= Date.now()) return undefined;
  return { user: found.user, sessionId: found.sessionId };
}

/**
 * An owner as an export writes it, "Ada Lin <ada@example.com>" (record-cells.ts ownerCell): readable, and exact when
 * imported again even where two members share a name. Each user read once per export (the cache passed in).
 */
export async function ownerCells(db: Db, userIds: (string | null)[], cache: Map<string, string>): Promise<Map<string, string>> {
  const unknown = [...new Set(userIds)].filter((id): id is string => id !== null && !cache.has(id));
  for (const u of await usersRepository.findUsersByIds(db, unknown)) cache.set(u.id, ownerCell(fullName(u), u.email));
  return cache;
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  return usersRepository.findUserById(db, userId);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return usersRepository.findUserByEmail(db, email);
}

export async function setDefaultOrg(db: Db, userId: string, orgId: string | null): Promise<void> {
  await usersRepository.updateUser(db, userId, { defaultOrgId: orgId });
}

export async function clearDefaultOrgForAll(db: Db, orgId: string): Promise<void> {
  await usersRepository.clearDefaultOrgForAll(db, orgId);
}

// ---- profile ----

export async function getProfile(db: Db, userId: string, operatorEmails: readonly string[]): Promise<Profile> {
  const user = await usersRepository.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const org = user.defaultOrgId ? await usersRepository.findActiveMembershipOrg(db, user.id, user.defaultOrgId) : undefined;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    language: toLocale(user.language),
    orgId: org ? org.id : null,
    orgName: org ? org.name : null,
    userFullnameInOrg: org ? fullName(user) : null,
    // The plan of the workspace the profile is about (set by billing); the account's own plan when there is none.
    purchaseInfo: { productId: org ? org.plan : user.plan },
    isOperator: isOperatorEmail(operatorEmails, user.email),
  };
}

export async function updateProfile(db: Db, userId: string, input: ProfileUpdateBody, operatorEmails: readonly string[]): Promise<Profile> {
  const patch: Parameters<typeof usersRepository.updateUser>[2] = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.avatar !== undefined) patch.avatar = input.avatar || null;
  if (input.language !== undefined) patch.language = input.language;
  await usersRepository.updateUser(db, userId, patch);
  return getProfile(db, userId, operatorEmails);
}

// ---- passwords ----

export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; newPassword: string; rePassword: string },
): Promise<Session> {
  const user = await usersRepository.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw new AppError('AUTH_CURRENT_PASSWORD_WRONG');
  assertNewPassword(input.newPassword, input.rePassword);
  const passwordHash = await hashPassword(input.newPassword);
  const session = await db.transaction(async (tx) => {
    const updated = await usersRepository.updateUser(tx, user.id, { passwordHash });
    await usersRepository.deleteUserSessions(tx, user.id);
    // This device stays signed in with a fresh session; every other one is signed out.
    return startSession(tx, updated ?? user);
  });
  // Again after the commit: a request racing the transaction may have cached an old session.
  authCache.invalidateUser(user.id);
  return session;
}

function newResetCode(): string {
  return String(randomInt(0, 10 ** passwordResetCode.length)).padStart(passwordResetCode.length, '0');
}

/** The code hash is bound to the user so equal codes of two users hash differently. */
function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/**
 * Always the same answer; the work runs after the answer is sent, so neither the answer nor its
 * timing says whether the email is registered.
 */
export async function requestPasswordReset(db: Db, mail: MailContext, email: string): Promise<void> {
  const user = await usersRepository.findUserByEmail(db, email);
  const code = newResetCode();
  const linkToken = randomToken();
  const hashes = { codeHash: codeHash(user?.id ?? '', code), linkTokenHash: sha256(linkToken) };
  if (!user) return;
  await db.transaction(async (tx) => {
    await usersRepository.voidResetCodes(tx, user.id);
    await usersRepository.insertResetCode(tx, {
      userId: user.id,
      ...hashes,
      expiresAt: new Date(Date.now() + passwordResetCode.ttlMs),
    });
  });
  const link = `${mail.publicUrl}/user/resetPassword?code=${encodeURIComponent(linkToken)}`;
  mail.mailer.send(passwordResetMail(toLocale(user.language), user.email, code, link));
}

/** The usable code of this email if `code` matches; a wrong code counts one of the 5 tries. */
async function verifyResetCode(db: Db, email: string, code: string): Promise<usersRepository.ResetCodeRow> {
  const user = await usersRepository.findUserByEmail(db, email);
  const row = user ? await usersRepository.findUsableResetCode(db, user.id, passwordResetCode.maxAttempts) : undefined;
  if (!user || !row) throw new AppError('AUTH_CODE_INVALID');
  if (!sameHash(row.codeHash, codeHash(user.id, code))) {
    await usersRepository.countResetCodeAttempt(db, row.id);
    throw new AppError('AUTH_CODE_INVALID');
  }
  return row;
}

export async function checkResetCode(db: Db, input: { email: string; code: string }): Promise<void> {
  await verifyResetCode(db, input.email, input.code);
}

async function resetPassword(db: Db, row: usersRepository.ResetCodeRow, email: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Code and link are one grant: consuming the row voids both.
    if (!(await usersRepository.consumeResetCode(tx, row.id))) throw new AppError('AUTH_CODE_INVALID');
    await usersRepository.updateUser(tx, row.userId, { passwordHash });
    await usersRepository.deleteUserSessions(tx, row.userId);
    // Proving control of the mailbox lifts an account lock.
    await usersRepository.clearLoginFailures(tx, `account:${email}`);
  });
  authCache.invalidateUser(row.userId);
}

export async function resetPasswordWithCode(
  db: Db,
  input: { email: string; code: string; newPassword: string; rePassword: string },
): Promise<void> {
  assertNewPassword(input.newPassword, input.rePassword);
  const row = await verifyResetCode(db, input.email, input.code);
  await resetPassword(db, row, input.email, input.newPassword);
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export async function checkResetLink(db: Db, linkToken: string): Promise<{ email: string }> {
  const row = await usersRepository.findUsableResetCodeByLink(db, sha256(linkToken), passwordResetCode.maxAttempts);
  if (!row) throw new AppError('AUTH_CODE_INVALID');
  return { email: maskEmail(row.email) };
}

export async function resetPasswordWithLink(
  db: Db,
  input: { code: string; newPassword: string; rePassword: string },
): Promise<void> {
  assertNewPassword(input.newPassword, input.rePassword);
  const row = await usersRepository.findUsableResetCodeByLink(db, sha256(input.code), passwordResetCode.maxAttempts);
  if (!row) throw new AppError('AUTH_CODE_INVALID');
  await resetPassword(db, row, row.email, input.newPassword);
}
