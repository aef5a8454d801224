import type { GuideStep } from '@lodestar/contract';
import { lazyRoute, withRestOfCatalogs, type LazyRoute } from '../../../../shared/ui/lazy-dialog.tsx';
import type { StepBodyProps } from './steps/step-body.ts';

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
