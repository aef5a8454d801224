/**
 * The first-run guide's plain values and rules, without zod (the home page's first load reads them: apps/web/README.md
 * "First load"); first-run-guide.ts re-exports them beside its schemas.
 */

/** The first-run guide's seven steps, in order (docs/product.md "First-run guide"); `finish` follows the last. */
export const guideSteps = ['companyName', 'contactTags', 'companyTags', 'salesStages', 'salesCosts', 'calendarSync', 'contactImport'] as const;
export type GuideStep = (typeof guideSteps)[number];

/**
 * none: this user was never offered the guide in this workspace (members who did not create it);
 * open: shown on the home page; dismissed: hidden until reopened from settings; finished: walked to the end.
 */
export const guideStatuses = ['none', 'open', 'dismissed', 'finished'] as const;
export type GuideStatus = (typeof guideStatuses)[number];

/** The step after `step`, or `finish` after the last. */
export function nextGuideStep(step: GuideStep): GuideStep | 'finish' {
  return guideSteps[guideSteps.indexOf(step) + 1] ?? 'finish';
}
