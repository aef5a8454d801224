import type { GuideState, GuideStep } from '@lodestar/contract';
import { loadRestOfCatalogs } from '../../../../shared/i18n.ts';
import { lazyRoute, withRestOfCatalogs, type LazyRoute } from '../../../../shared/ui/lazy-dialog.tsx';
import { FirstRunGuide } from '../routes.tsx';

export interface StepBodyProps {
  orgId: string;
  onSaved: () => void;
}

/**
 * Each step's body (the setting's own form or list) as its own chunk: the first step needs the workspace's form only,
 * not the stages' drag-and-drop or the calendar providers. With every catalog: a body shows another feature's
 * namespace, which a start page's catalogs lack. The import step's button is drawn by guide-step-body.tsx itself.
 */
export const stepBodies: Record<Exclude<GuideStep, 'contactImport'>, LazyRoute<StepBodyProps>> = {
  companyName: lazyRoute(() => withRestOfCatalogs(() => import('./steps/company-name-step.tsx').then((m) => m.CompanyNameStep))),
  contactTags: lazyRoute(() => withRestOfCatalogs(() => import('./steps/tags-step.tsx').then((m) => m.ContactTagsStep))),
  companyTags: lazyRoute(() => withRestOfCatalogs(() => import('./steps/tags-step.tsx').then((m) => m.CompanyTagsStep))),
  salesStages: lazyRoute(() => withRestOfCatalogs(() => import('./steps/sales-steps.tsx').then((m) => m.SalesStagesStep))),
  salesCosts: lazyRoute(() => withRestOfCatalogs(() => import('./steps/sales-steps.tsx').then((m) => m.SalesCostsStep))),
  calendarSync: lazyRoute(() => withRestOfCatalogs(() => import('./steps/calendar-sync-step.tsx').then((m) => m.CalendarSyncStep))),
};

/**
 * The guide's code, its current step's body and every catalog in parallel: one wait after the guide's state instead
 * of three in a row. This module is a chunk of its own (apps/web/vite.config.ts `afterPaint`), so the step's chunk is
 * asked for with the guide's, not once the guide's chunks are in.
 */
export function loadFirstRunGuide(current: GuideState['current']): Promise<unknown> {
  return Promise.all([
    FirstRunGuide.preload(),
    current === 'finish' || current === 'contactImport' ? null : stepBodies[current].preload(),
    loadRestOfCatalogs().catch(() => undefined),
  ]);
}
