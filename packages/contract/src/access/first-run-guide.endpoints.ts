import { endpoints } from '../platform/endpoint.ts';
import { guideStateSchema, guideStepBodySchema } from './first-run-guide.ts';

/** The caller's own first-run guide in the workspace of `?orgId=` (per user, per workspace). */
export const firstRunGuideEndpoints = endpoints('guide', {
  state: {
    method: 'GET', path: '/guide', access: 'member', response: guideStateSchema,
    description: 'Any member: their own guide state; `none` when they were never offered it (only a workspace creator is, on creation).',
  },
  step: {
    method: 'POST', path: '/guide/step', access: 'member', body: guideStepBodySchema, response: guideStateSchema,
    description: 'Records a step as done or skipped and moves to the next (or only moves there: visited). The step itself is saved through its own settings API first.',
  },
  finish: {
    method: 'POST', path: '/guide/finish', access: 'member', response: guideStateSchema,
    description: 'Closes the guide as finished.',
  },
  dismiss: {
    method: 'POST', path: '/guide/dismiss', access: 'member', response: guideStateSchema,
    description: 'Hides the guide from the home page; settings can reopen it.',
  },
  reopen: {
    method: 'POST', path: '/guide/reopen', access: 'member', response: guideStateSchema,
    description: 'System administrators (the steps are settings). Opens the guide again where it was left; a finished guide starts at its first step, keeping what was done.',
  },
});
