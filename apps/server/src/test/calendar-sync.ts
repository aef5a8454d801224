import type { CalendarProvider, CalendarSyncAccount } from '@lodestar/contract';
import type { FastifyInstance } from 'fastify';
import { call } from './factories.ts';

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
