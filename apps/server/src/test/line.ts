import type { FastifyInstance } from 'fastify';
import { call } from './factories.ts';

/**
 * Settings → Channel → LINE through the API, as an administrator does it: the two confirmations, the channel's
 * credentials (checked against the LINE double) and the webhook. Throws with the answer when a step is refused.
 */
export async function connectLine(app: FastifyInstance, admin: { token: string; orgId: string }, channel: { channelId: string; secret: string }): Promise<void> {
  const steps: [method: 'POST' | 'PUT', path: string, body?: unknown][] = [
    ['POST', '/channel/line/steps/1'],
    ['POST', '/channel/line/steps/2'],
    ['PUT', '/channel/line/credentials', { channelId: channel.channelId, channelSecret: channel.secret }],
    ['POST', '/channel/line/webhook'],
  ];
  for (const [method, path, body] of steps) {
    const answer = await call(app, method, `/api${path}?orgId=${admin.orgId}`, { token: admin.token, body });
    if (answer.status !== 200) throw new Error(`${method} ${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}
