import type { DealTargetBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as dealsRepository from './deals.repository.ts';
import { assertPlanFeature } from '../../billing/plan-limits.ts';

/** Monthly sales targets per user, with the amount won each month (docs/product.md#screens). */

/** GET /api/dealTarget: twelve months of one user (yourself, or anyone for a system administrator). */
export async function listTargets(db: Db, actor: Actor, year: number, uid: string | undefined) {
  const userId = uid ?? actor.userId;
  if (userId !== actor.userId) assertSystemAdministrator(actor);
  const [targets, won] = await Promise.all([
    dealsRepository.listTargets(db, actor.orgId, userId, year),
    dealsRepository.wonByMonth(db, actor.orgId, userId, year),
  ]);
  const targetOf = new Map(targets.map((t) => [t.month, t.target]));
  const wonOf = new Map(won.map((w) => [w.month, w.amount]));
  return {
    items: Array.from({ length: 12 }, (_, i) => ({
      year,
      month: i + 1,
      target: targetOf.get(i + 1) ?? '0.00',
      uid: userId,
      achieved: wonOf.get(i + 1) ?? '0.00',
    })),
  };
}

/** POST /api/dealTarget: system administrators of a paid workspace (targets need an upgrade). */
export async function saveTarget(db: Db, actor: Actor, input: DealTargetBody) {
  assertSystemAdministrator(actor);
  await assertPlanFeature(db, actor.orgId, 'performanceTargets');
  if ((await dealsRepository.activatedMembers(db, actor.orgId, [input.uid])).length === 0) throw fieldError('uid', 'invalidValue');
  await dealsRepository.upsertTarget(db, actor.orgId, { userId: input.uid, year: input.year, month: input.month, target: input.target });
  const month = (await listTargets(db, actor, input.year, input.uid)).items[input.month - 1]!;
  return month;
}
