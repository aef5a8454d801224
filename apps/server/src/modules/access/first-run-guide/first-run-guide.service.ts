import { guideSteps, nextGuideStep, type GuideState, type GuideStepBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as guideRepository from './first-run-guide.repository.ts';

const firstStep = guideSteps[0];
const never: GuideState = { status: 'none', current: firstStep, done: [], skipped: [] };

/** The workspace's creator gets an open guide (onWorkspaceCreated, inside the creation transaction). */
export async function offerGuide(db: Db, orgId: string, userId: string): Promise<void> {
  await guideRepository.insertOpenGuide(db, orgId, userId, firstStep);
}

/** GET /api/guide: the caller's own guide; `none` when never offered. */
export async function getGuide(db: Db, actor: Actor): Promise<GuideState> {
  return (await guideRepository.findGuide(db, actor.orgId, actor.userId)) ?? never;
}

/** POST /api/guide/step: done and skipped are exclusive (the latest answer wins) and move to the next step. */
export async function recordStep(db: Db, actor: Actor, body: GuideStepBody): Promise<GuideState> {
  const stored = await guideRepository.findGuide(db, actor.orgId, actor.userId);
  // A member who was never offered the guide may still walk it once an administrator opened it for them.
  const guide = stored ?? { ...never, status: 'open' as const };
  const without = (steps: GuideState['done']) => steps.filter((step) => step !== body.step);
  const next: typeof guide = {
    status: guide.status === 'finished' ? 'open' : guide.status,
    current: body.outcome === 'visited' ? body.step : nextGuideStep(body.step),
    done: body.outcome === 'done' ? inOrder([...without(guide.done), body.step]) : body.outcome === 'skipped' ? without(guide.done) : guide.done,
    skipped: body.outcome === 'skipped' ? inOrder([...without(guide.skipped), body.step]) : body.outcome === 'done' ? without(guide.skipped) : guide.skipped,
  };
  if (!stored) assertSystemAdministrator(actor);
  await guideRepository.saveGuide(db, actor.orgId, actor.userId, next);
  return next;
}

/** POST /api/guide/finish and /dismiss: only a guide that exists can be closed or hidden. */
export async function closeGuide(db: Db, actor: Actor, status: 'finished' | 'dismissed'): Promise<GuideState> {
  const guide = await guideRepository.findGuide(db, actor.orgId, actor.userId);
  if (!guide) return never;
  const next = { ...guide, status, current: status === 'finished' ? ('finish' as const) : guide.current };
  await guideRepository.saveGuide(db, actor.orgId, actor.userId, next);
  return next;
}

/** POST /api/guide/reopen (system administrators, from settings): resumes where it was left; a finished one restarts. */
export async function reopenGuide(db: Db, actor: Actor): Promise<GuideState> {
  assertSystemAdministrator(actor);
  const guide = (await guideRepository.findGuide(db, actor.orgId, actor.userId)) ?? never;
  const next = { ...guide, status: 'open' as const, current: guide.current === 'finish' ? firstStep : guide.current };
  await guideRepository.saveGuide(db, actor.orgId, actor.userId, next);
  return next;
}

function inOrder(steps: GuideState['done']): GuideState['done'] {
  return guideSteps.filter((step) => steps.includes(step));
}
