import type { AppleCallbackBody, Locale, Session } from '@lodestar/contract';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { AppleConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { randomToken, sha256 } from '../users/passwords.ts';
import * as usersService from '../users/users.service.ts';
import { appleSignIns } from './apple-sign-in.table.ts';
import * as provider from './apple-sign-in.provider.ts';

/** From start to Apple's answer (the user may take a while on Apple's page). */
const attemptTtlMs = 10 * 60_000;
/** From Apple's answer to the finishing page trading its ticket. */
const ticketTtlMs = 5 * 60_000;

export const finishPath = '/user/apple-logining';

function requireConfig(config: AppleConfig | undefined): AppleConfig {
  if (!config) throw new AppError('APPLE_NOT_CONFIGURED');
  return config;
}

function callbackUrl(publicUrl: string): string {
  return `${publicUrl}/api/auth/apple/callback`;
}

/** A path inside the app, or null (an absolute or protocol-relative URL would be an open redirect). */
function safeRedirect(value: string | null | undefined): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

export async function start(db: Db, config: AppleConfig | undefined, publicUrl: string, redirect: string | null | undefined): Promise<{ url: string }> {
  const apple = requireConfig(config);
  const state = randomToken();
  const nonce = randomToken();
  // Old attempts go as new ones come: nothing else needs to sweep the table.
  await db.delete(appleSignIns).where(lt(appleSignIns.expiresAt, new Date()));
  await db.insert(appleSignIns).values({
    stateHash: sha256(state),
    nonce,
    redirect: safeRedirect(redirect),
    expiresAt: new Date(Date.now() + attemptTtlMs),
  });
  return { url: provider.authorizeUrl(apple, { redirectUri: callbackUrl(publicUrl), state, nonce }) };
}

/** Apple's `user` form field (first authorization only): the name the person chose to share. */
function sharedName(user: string | undefined): { firstName: string; lastName: string } | undefined {
  if (!user) return undefined;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const firstName = typeof parsed.name?.firstName === 'string' ? parsed.name.firstName.trim().slice(0, 50) : '';
    const lastName = typeof parsed.name?.lastName === 'string' ? parsed.name.lastName.trim().slice(0, 50) : '';
    return firstName || lastName ? { firstName, lastName } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Apple's form post: claims the attempt by its state (once), exchanges the code, checks the ID token, finds or
 * creates the account and leaves a one-time ticket. Answers the path to send the browser to.
 */
export async function completeCallback(
  db: Db,
  config: AppleConfig | undefined,
  input: { publicUrl: string; language: Locale; plan: string | undefined; body: AppleCallbackBody },
): Promise<string> {
  try {
    const ticket = await complete(db, requireConfig(config), input);
    return `${finishPath}?ticket=${encodeURIComponent(ticket)}`;
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'APPLE_AUTHORIZATION_FAILED';
    return `${finishPath}?error=${encodeURIComponent(code)}`;
  }
}

async function complete(
  db: Db,
  apple: AppleConfig,
  input: { publicUrl: string; language: Locale; plan: string | undefined; body: AppleCallbackBody },
): Promise<string> {
  const { body } = input;
  if (!body.state) throw new AppError('APPLE_STATE_INVALID');
  const ticket = randomToken();
  // Claimed before anything else: the same state (and so the same nonce) never completes twice.
  const [attempt] = await db
    .update(appleSignIns)
    .set({ ticketHash: sha256(ticket), expiresAt: new Date(Date.now() + ticketTtlMs) })
    .where(and(eq(appleSignIns.stateHash, sha256(body.state)), isNull(appleSignIns.ticketHash), gt(appleSignIns.expiresAt, new Date())))
    .returning();
  if (!attempt) throw new AppError('APPLE_STATE_INVALID');
  try {
    if (body.error || !body.code) throw new AppError('APPLE_AUTHORIZATION_FAILED');
    const idToken = await provider.exchangeCode(apple, body.code, callbackUrl(input.publicUrl));
    const identity = await provider.verifyIdToken(apple, idToken, attempt.nonce);
    if (!identity.email || !identity.emailVerified) throw new AppError('APPLE_EMAIL_MISSING');
    const name = sharedName(body.user) ?? { firstName: identity.email.split('@')[0]!.slice(0, 50), lastName: '' };
    const user = await usersService.findOrCreateAppleUser(db, {
      subject: identity.subject,
      email: identity.email,
      ...name,
      language: input.language,
      ...(input.plan ? { plan: input.plan } : {}),
    });
    await db.update(appleSignIns).set({ userId: user.id }).where(eq(appleSignIns.id, attempt.id));
    return ticket;
  } catch (error) {
    await db.delete(appleSignIns).where(eq(appleSignIns.id, attempt.id));
    throw error;
  }
}

/** The finishing page trades the ticket (once) for a session. */
export async function finish(db: Db, ticket: string): Promise<Session & { redirect: string | null }> {
  const [row] = await db
    .delete(appleSignIns)
    .where(and(eq(appleSignIns.ticketHash, sha256(ticket)), isNotNull(appleSignIns.userId), gt(appleSignIns.expiresAt, new Date())))
    .returning();
  const user = row?.userId ? await usersService.findUserById(db, row.userId) : undefined;
  if (!row || !user) throw new AppError('APPLE_STATE_INVALID');
  return { ...(await usersService.startSession(db, user)), redirect: row.redirect };
}
