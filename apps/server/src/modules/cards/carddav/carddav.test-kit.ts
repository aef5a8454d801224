import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/factories.ts';

/** Helpers of the CardDAV tests. */

export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A new app password of this member in this workspace: what a phone is given. */
export async function newAppPassword(app: FastifyInstance, token: string, orgId: string, body: { name: string; tagId?: string }) {
  const answer = await call(app, 'POST', `/api/carddav/app-passwords?orgId=${orgId}`, { token, body });
  if (answer.status !== 200) throw new Error(`app password failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as { password: string; username: string; serverUrl: string; appPassword: { id: string } };
}
