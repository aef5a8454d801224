import type { CalendarProvider, CalendarSyncAccount } from '@lodestar/contract';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { providerDoubleEnv, startProviderDouble, type ProviderDouble } from './calendar-providers-double.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from './factories.ts';

/**
 * The browser's OAuth round trip against the provider double: our authorize URL → the double's consent
 * redirect (real HTTP) → our callback (through app.inject, as the browser would) → the connected account.
 */
export async function connectAccount(app: FastifyInstance, token: string, orgId: string, provider: CalendarProvider): Promise<CalendarSyncAccount> {
  const { body } = await call(app, 'GET', `/api/calendar/${provider}/authorize?orgId=${orgId}`, { token });
  const consent = await fetch(body.data.url, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  const answer = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  if (answer.statusCode !== 303 || !String(answer.headers.location).includes('outcome=connected')) {
    throw new Error(`connect failed: ${answer.statusCode} ${String(answer.headers.location)}`);
  }
  return (await call(app, 'GET', `/api/calendar/${provider}/account?orgId=${orgId}`, { token })).body.data;
}

export const testEncryptionKey = Buffer.alloc(32, 7).toString('base64');

export interface SyncFixture {
  t: TestApp;
  double: ProviderDouble;
  owner: TestUser & { orgId: string };
  /** A second member of the owner's workspace. */
  colleague: TestUser;
  close(): Promise<void>;
}

/** The provider double, an app pointed at it, a workspace owner and a colleague in the same workspace. */
export async function syncFixture(): Promise<SyncFixture> {
  const double = await startProviderDouble();
  const t = await buildTestApp({ ...providerDoubleEnv(double.url), ENCRYPTION_KEY: testEncryptionKey });
  const owner = await signedInOwner(t.app, 'Acme');
  const colleague = await registerUser(t.app);
  await addMember(t.db, owner.orgId, colleague.user.id);
  return {
    t,
    double,
    owner,
    colleague,
    close: async () => {
      await t.close();
      await double.close();
    },
  };
}
