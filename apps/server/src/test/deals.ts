import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { salesStages } from '../modules/deals/sales-stages/sales-stages.table.ts';
import { call, type Json } from './factories.ts';

/** Helpers for deal and sales stage tests. */

export async function createStage(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<Json> {
  const { status, body: answer } = await call(app, 'POST', `/api/settings/stage?orgId=${orgId}`, { token, body: { title: 'Qualify', ...body } });
  if (status !== 200) throw new Error(`create stage failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data;
}

export const dealBasics = { name: 'Fleet renewal', amount: '1000.00', startDate: '2026-01-05', estimatedEndDate: '2026-03-31' };

export async function createDeal(app: FastifyInstance, token: string, orgId: string, body: Record<string, unknown> = {}): Promise<string> {
  const { status, body: answer } = await call(app, 'POST', `/api/deal?orgId=${orgId}`, { token, body: { ...dealBasics, ...body } });
  if (status !== 200) throw new Error(`create deal failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data.dealId;
}

/** Removes a workspace's seeded default stages, for tests that lay out their own columns. */
export async function clearStages(db: Db, orgId: string): Promise<void> {
  await db.delete(salesStages).where(eq(salesStages.orgId, orgId));
}
