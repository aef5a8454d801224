import { z } from 'zod';

/** The first-run guide's seven steps, in order (docs/product.md "First-run guide"); `finish` follows the last. */
export const guideSteps = ['companyName', 'contactTags', 'companyTags', 'salesStages', 'salesCosts', 'calendarSync', 'contactImport'] as const;
export type GuideStep = (typeof guideSteps)[number];
export const guideStepSchema = z.enum(guideSteps);

/**
 * none: this user was never offered the guide in this workspace (members who did not create it);
 * open: shown on the home page; dismissed: hidden until reopened from settings; finished: walked to the end.
 */
export const guideStatuses = ['none', 'open', 'dismissed', 'finished'] as const;
export type GuideStatus = (typeof guideStatuses)[number];

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

/** The step after `step`, or `finish` after the last. */
export function nextGuideStep(step: GuideStep): GuideStep | 'finish' {
  return guideSteps[guideSteps.indexOf(step) + 1] ?? 'finish';
}
