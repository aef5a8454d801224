import { z } from 'zod';
import { guideStatuses, guideSteps } from './first-run-guide.rules.ts';

export * from './first-run-guide.rules.ts';

export const guideStepSchema = z.enum(guideSteps);

export const guideStateSchema = z.object({
  status: z.enum(guideStatuses),
  /** Where the guide resumes: a step, or `finish` once every step was saved or skipped. */
  current: z.union([guideStepSchema, z.literal('finish')]),
  done: z.array(guideStepSchema),
  skipped: z.array(guideStepSchema),
});
export type GuideState = z.infer<typeof guideStateSchema>;

export const guideStepBodySchema = z.object({
  step: guideStepSchema,
  /** done: saved through its settings API; skipped: passed over; visited: only moved there (back/forward). */
  outcome: z.enum(['done', 'skipped', 'visited']),
});
export type GuideStepBody = z.infer<typeof guideStepBodySchema>;
