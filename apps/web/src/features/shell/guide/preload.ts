import type { GuideState } from '@lodestar/contract';

/**
 * The guide's code, its current step's and every catalog, at once (guide-loader.ts, loaded on demand): the home page's
 * start preload calls it as soon as the state says open, the page again when it renders the guide.
 */
export function preloadFirstRunGuide(current: GuideState['current']): Promise<unknown> {
  return import('./guide-loader.ts').then((m) => m.loadFirstRunGuide(current));
}
