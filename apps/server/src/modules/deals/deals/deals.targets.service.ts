import type { DealTargetBody, DepartmentTarget, DepartmentTargetBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as dealsRepository from './deals.repository.ts';
import * as targetsRepository from './deals.targets.repository.ts';
import { assertDepartmentExists } from '../../access/departments/department-lookup.ts';
import { assertPlanFeature } from '../../billing/plan-limits.ts';

/** Monthly sales targets per user, with the amount won each month (docs/product.md#screens), and per department. */

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

// ---- department targets ----

/** Twelve months of stored department targets, null where none is stored. */
function twelveMonths(departmentId: string, year: number, rows: { month: number; target: string }[]): DepartmentTarget[] {
  const targetOf = new Map(rows.map((row) => [row.month, Number(row.target).toFixed(2)]));
  return Array.from({ length: 12 }, (_, i) => ({ departmentId, year, month: i + 1, target: targetOf.get(i + 1) ?? null }));
}

/** GET /api/departmentTarget: system administrators (as for another person's targets); another workspace's department → 404. */
export async function listDepartmentTargets(db: Db, actor: Actor, year: number, departmentId: string) {
  assertSystemAdministrator(actor);
  await assertDepartmentExists(db, actor.orgId, departmentId);
  return { items: twelveMonths(departmentId, year, await targetsRepository.listDepartmentTargets(db, actor.orgId, [departmentId], year)) };
}

/** The stored targets of several departments for a year (the performance target grid). */
export async function departmentTargetsOfYear(db: Db, orgId: string, departmentIds: string[], year: number) {
  const rows = await targetsRepository.listDepartmentTargets(db, orgId, departmentIds, year);
  return departmentIds.map((departmentId) => ({
    departmentId,
    targets: twelveMonths(departmentId, year, rows.filter((row) => row.departmentId === departmentId)).map((m) => m.target),
  }));
}

/** POST /api/departmentTarget: as POST /dealTarget; target null removes the month's stored target. */
export async function saveDepartmentTarget(db: Db, actor: Actor, input: DepartmentTargetBody): Promise<DepartmentTarget> {
  assertSystemAdministrator(actor);
  await assertPlanFeature(db, actor.orgId, 'performanceTargets');
  // A department of another workspace (or none) is a bad field of the body, as an unknown uid is for /dealTarget.
  await assertDepartmentExists(db, actor.orgId, input.departmentId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'DEPARTMENT_NOT_FOUND' ? fieldError('departmentId', 'invalidValue') : error;
  });
  const key = { departmentId: input.departmentId, year: input.year, month: input.month };
  if (input.target === null) await targetsRepository.deleteDepartmentTarget(db, actor.orgId, key);
  else await targetsRepository.upsertDepartmentTarget(db, actor.orgId, { ...key, target: input.target });
  return { ...key, target: input.target === null ? null : Number(input.target).toFixed(2) };
}
