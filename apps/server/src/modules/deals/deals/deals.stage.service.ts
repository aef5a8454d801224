import { closingRateFor, completedDateFor, lostStageId, stageChoices, wonStageId, type Deal, type DealStageBody, type SalesStageType, type Stage } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as salesStagesService from '../sales-stages/sales-stages.service.ts';
import * as lostReasonsService from '../lost-reasons/lost-reasons.service.ts';
import { loadEditable } from './deals.access.ts';
import { today } from './deals.answers.ts';
import { getDeal } from './deals.read.service.ts';
import * as dealsRepository from './deals.repository.ts';
import { dealWon } from './deals.listeners.ts';

/** A deal's stage: picking one of its type's choices, moving it along, closing it as won (1000) or lost (-9999). */

/** The stage picked among the type's choices; none picked: the type's first stage. 400 naming `stage` otherwise. */
export function stageOf(type: SalesStageType, stage: number | undefined): Stage {
  const choices = stageChoices(type.stages);
  const picked = stage === undefined ? type.stages[0] : choices.find((s) => s.id === stage);
  if (!picked) throw fieldError('stage', stage === undefined ? 'required' : 'invalidValue');
  return picked;
}

/**
 * PUT /api/deal/{id}/stage (board drag, close won or lost). The row is locked for the transaction, so
 * concurrent moves apply one after another and each timeline event starts where the previous one ended.
 */
export async function moveDealToStage(db: Db, actor: Actor, id: string, input: DealStageBody): Promise<Deal> {
  await loadEditable(db, actor, id);
  const types = await salesStagesService.listStageTypes(db, actor.orgId);
  const closesLost = input.stage === lostStageId;
  if (!closesLost && (input.lostReasonId || input.lostReasonNote)) throw fieldError('lostReasonId', 'invalidValue');
  if (input.lostReasonId) await lostReasonsService.requireLostReason(db, actor.orgId, input.lostReasonId);
  // Closing as lost states why (or says nothing: null); an edit of a lost deal's reason comes the same way.
  const lostReason = closesLost ? { lostReasonId: input.lostReasonId ?? null, lostReasonNote: input.lostReasonNote || null } : null;
  await db.transaction(async (tx) => {
    const locked = await dealsRepository.lockDeal(tx, actor.orgId, id);
    if (!locked) throw new AppError('NOT_FOUND');
    const type = types.find((t) => t.uuid === locked.stageTypeId);
    if (!type) throw fieldError('stage', 'invalidValue');
    const stage = stageOf(type, input.stage);
    const completedDate = completedDateFor(stage.id, input.completedDate ?? locked.completedDate, today());
    const reasonChanged = lostReason !== null && (lostReason.lostReasonId !== locked.lostReasonId || lostReason.lostReasonNote !== locked.lostReasonNote);
    if (stage.id === locked.stage && completedDate === locked.completedDate && !reasonChanged) return;
    const closingRate = stage.id === locked.stage ? locked.closingRate : closingRateFor(stage);
    await dealsRepository.updateDeal(tx, actor.orgId, id, {
      stage: stage.id,
      closingRate,
      completedDate,
      ...(lostReason ?? {}),
      ...(stage.id !== locked.stage && { stageChangedAt: sql`now()` as unknown as Date }),
    });
    const changes = timelineService.diff(locked as unknown as Record<string, unknown>, { stage: stage.id, closingRate, completedDate }, ['stage', 'closingRate', 'completedDate']);
    await timelineService.record(tx, actor.orgId, actor.userId, 'deal', [id], 'stage', changes);
    if (stage.id === wonStageId && locked.stage !== wonStageId && completedDate) {
      await dealWon(tx, { orgId: actor.orgId, dealId: id, name: locked.name, ownerUserId: locked.ownerUserId, clientId: locked.clientId, companyId: locked.companyId, completedDate, actorUserId: actor.userId });
    }
  });
  return getDeal(db, actor, id);
}

/**
 * Closes a deal as won for a customer's act (a quote accepted on its public page): no signed-in user, so no privilege
 * check — the caller proved the right to act. In the caller's transaction; a deal already won or lost stays as it is.
 */
export async function closeWonByCustomer(tx: Db, orgId: string, id: string): Promise<boolean> {
  const locked = await dealsRepository.lockDeal(tx, orgId, id);
  if (!locked || locked.stage === wonStageId || locked.stage === lostStageId) return false;
  const type = (await salesStagesService.listStageTypes(tx, orgId)).find((t) => t.uuid === locked.stageTypeId);
  if (!type) return false;
  const stage = stageOf(type, wonStageId);
  const completedDate = completedDateFor(stage.id, null, today())!;
  const closingRate = closingRateFor(stage);
  await dealsRepository.updateDeal(tx, orgId, id, { stage: stage.id, closingRate, completedDate, stageChangedAt: sql`now()` as unknown as Date });
  const changes = timelineService.diff(locked as unknown as Record<string, unknown>, { stage: stage.id, closingRate, completedDate }, ['stage', 'closingRate', 'completedDate']);
  await timelineService.record(tx, orgId, null, 'deal', [id], 'stage', changes);
  // The follow-up (calendar automation) is made on the owner's behalf, as if they had closed it.
  const onBehalfOf = locked.ownerUserId ?? locked.creatorUserId;
  if (onBehalfOf) await dealWon(tx, { orgId, dealId: id, name: locked.name, ownerUserId: locked.ownerUserId, clientId: locked.clientId, companyId: locked.companyId, completedDate, actorUserId: onBehalfOf });
  return true;
}
