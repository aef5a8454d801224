import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations } from '../modules/access/organizations/organizations.table.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type Json, type TestUser } from './factories.ts';

/** Helpers for contact and company tests. */

export async function setOrgPlan(db: Db, orgId: string, plan: string): Promise<void> {
  await db.update(organizations).set({ plan }).where(eq(organizations.id, orgId));
}

export async function createContact(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<string> {
  const { status, body: answer } = await call(app, 'POST', `/api/customer?orgId=${orgId}`, {
    token,
    body: { firstName: 'Ada', lastName: 'Lovelace', ...body },
  });
  if (status !== 200) throw new Error(`create contact failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data.id;
}

export async function createCompany(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<string> {
  const { status, body: answer } = await call(app, 'POST', `/api/company?orgId=${orgId}`, { token, body: { name: 'Acme Trading', ...body } });
  if (status !== 200) throw new Error(`create company failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data.id;
}

type FilePart = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data payload: string fields (an array repeats the field) and files. */
export function multipart(
  fields: Record<string, string | string[]>,
  file?: FilePart | FilePart[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lodestar${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`));
    }
  }
  for (const part of file ? (Array.isArray(file) ? file : [file]) : []) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function injectMultipart(
  app: FastifyInstance,
  url: string,
  token: string,
  form: ReturnType<typeof multipart>,
): Promise<{ status: number; body: Json }> {
  const response = await app.inject({ method: 'POST', url, headers: { ...form.headers, authorization: `Bearer ${token}` }, payload: form.payload });
  return { status: response.statusCode, body: response.json() };
}

export interface CrmFixture {
  t: TestApp;
  /** Owns workspace "Acme" on the team plan (no free-plan limits). */
  owner: TestUser & { orgId: string };
  /** Owns another workspace, for the 404 tests. */
  other: TestUser & { orgId: string };
  /** A member of Acme with the default member privilege (scope mine). */
  member: TestUser;
}

export async function crmFixture(configOverrides: Record<string, string> = {}): Promise<CrmFixture> {
  const t = await buildTestApp(configOverrides);
  const owner = await signedInOwner(t.app, 'Acme');
  const other = await signedInOwner(t.app, 'Other');
  const member = await registerUser(t.app, { firstName: 'Mia', lastName: 'Member' });
  await addMember(t.db, owner.orgId, member.user.id);
  await setOrgPlan(t.db, owner.orgId, 'subscribe_team');
  return { t, owner, other, member };
}
