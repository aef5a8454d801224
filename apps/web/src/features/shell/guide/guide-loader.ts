import type { GuideState } from '@lodestar/contract';
import { stepBodies } from './components/step-bodies.ts';
import { FirstRunGuide } from './routes.tsx';

/**
 * The guide's code, its current step's body and every catalog (a step's form is another feature's) in parallel: one
 * wait after the guide's state instead of three in a row. This module and the step table are a chunk of their own
 * (apps/web/vite.config.ts `afterPaint`), so the step's chunk is asked for with the guide's, not once those are in.
 */
export function loadFirstRunGuide(current: GuideState['current']): Promise<unknown> {
  return Promise.all([
    FirstRunGuide.preload(),
    // A step's loader brings every catalog with it (step-bodies.ts withRestOfCatalogs); the guide's own are a start part.
    current === 'finish' || current === 'contactImport' ? null : stepBodies[current].preload(),
  ]);
}
