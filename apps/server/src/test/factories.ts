import type { Locale, Session } from '@lodestar/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { members } from '../modules/access/members/members.table.ts';
import { organizations } from '../modules/access/organizations/organizations.table.ts';
import { users } from '../modules/access/users/users.table.ts';
import { mailOutbox } from '../platform/mail.table.ts';

export interface CallOptions {
  token?: string;
  body?: unknown;
  locale?: Locale | string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One HTTP call through app.inject, answering the status and the parsed envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['accept-language'] = options.locale;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  let body: Json;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}

let counter = 0;
export const defaultPassword = 'lodestar-2026';

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.com`;
}

export interface TestUser extends Session {
  email: string;
  password: string;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
  locale?: string,
): Promise<TestUser> {
  const input = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? defaultPassword,
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Lin',
  };
  const { status, body } = await call(app, 'POST', '/api/register', { body: input, ...(locale && { locale }) });
  if (status !== 200) throw new Error(`register failed: ${status} ${JSON.stringify(body)}`);
  return { ...body.data, email: input.email.toLowerCase(), password: input.password };
}

export async function setPlan(db: Db, userId: string, plan: string): Promise<void> {
  await db.update(users).set({ plan }).where(eq(users.id, userId));
}

export async function createOrg(
  app: FastifyInstance,
  token: string,
  orgName = 'Acme',
  memberEmails: string[] = [],
): Promise<string> {
  const { status, body } = await call(app, 'POST', '/api/organizations/create', { token, body: { orgName, memberEmails } });
  if (status !== 200) throw new Error(`create org failed: ${status} ${JSON.stringify(body)}`);
  return body.data.orgId;
}

/** A registered user who owns a fresh workspace. */
export async function signedInOwner(app: FastifyInstance, orgName = 'Acme'): Promise<TestUser & { orgId: string }> {
  const user = await registerUser(app);
  const orgId = await createOrg(app, user.token, orgName);
  return { ...user, orgId };
}

/** Adds a user to an org as an activated member with the org's default member privilege. */
export async function addMember(
  db: Db,
  orgId: string,
  userId: string,
  options: { status?: 'invited' | 'activated' | 'deactivated'; isSystemAdministrator?: boolean; departmentId?: string | null; privilegeId?: string | null } = {},
): Promise<string> {
  const { privileges } = await import('../modules/access/privileges/privileges.table.ts');
  const [memberPrivilege] = await db
    .select()
    .from(privileges)
    .where(and(eq(privileges.orgId, orgId), eq(privileges.name, 'member')));
  const [row] = await db
    .insert(members)
    .values({
      orgId,
      userId,
      status: options.status ?? 'activated',
      isSystemAdministrator: options.isSystemAdministrator ?? false,
      privilegeId: options.privilegeId === undefined ? (memberPrivilege?.id ?? null) : options.privilegeId,
      departmentId: options.departmentId ?? null,
    })
    .returning();
  return row!.id;
}

export async function freezeOrg(db: Db, orgId: string): Promise<void> {
  await db.update(organizations).set({ frozenAt: new Date() }).where(eq(organizations.id, orgId));
}

/** Mail sent to `to`, newest first, once background sending has finished. */
export async function readMail(app: FastifyInstance, db: Db, to: string) {
  await app.background.idle();
  return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.createdAt));
}

/** Counts the SQL statements `run` sends through the drizzle session (PGlite client or pg Pool). */
export async function countStatements(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session.client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return count;
}
