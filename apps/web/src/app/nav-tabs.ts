import { useTranslation } from 'react-i18next';
import type { Feature, Method } from '@lodestar/contract';

export type NavKey = 'index' | 'contact' | 'company' | 'calendar' | 'deal' | 'statistics' | 'activityReport' | 'social' | 'workflows';

export interface NavTab {
  key: NavKey;
  /** The path prefix that marks the tab current. */
  path: string;
  to: string;
  label: string;
}

/**
 * The workspace's main screens, in the header's order; one appears when its feature exists and the privilege allows
 * viewing. Workflows: for holders of the automation privilege who are not administrators (those find it in settings).
 */
export function useNavTabs(orgId: string, can: (feature: Feature, method: Method) => boolean, isSystemAdministrator = false): NavTab[] {
  const { t } = useTranslation('common');
  const tabs: (NavTab | false)[] = [
    { key: 'index', path: `/${orgId}/index`, to: `/${orgId}/index`, label: t('layout.home') },
    can('contact', 'view') && { key: 'contact', path: `/${orgId}/contact/`, to: `/${orgId}/contact/list`, label: t('layout.contacts') },
    can('company', 'view') && { key: 'company', path: `/${orgId}/company/`, to: `/${orgId}/company/list`, label: t('layout.companies') },
    can('calendar', 'view') && { key: 'calendar', path: `/${orgId}/calendar/`, to: `/${orgId}/calendar`, label: t('layout.calendar') },
    can('opportunity', 'view') && { key: 'deal', path: `/${orgId}/deal/`, to: `/${orgId}/deal/list`, label: t('layout.deals') },
    (can('performanceReport', 'view') || can('productSalesRanking', 'view')) && {
      key: 'statistics',
      path: `/${orgId}/statistics/`,
      to: `/${orgId}/statistics/${can('performanceReport', 'view') ? 'dashboard' : 'productRanking'}`,
      label: t('layout.statistics'),
    },
    can('activityReport', 'view') && { key: 'activityReport', path: `/${orgId}/activity/`, to: `/${orgId}/activity/report/week`, label: t('layout.activityReport') },
    can('social', 'view') && { key: 'social', path: `/${orgId}/social/`, to: `/${orgId}/social/line`, label: t('layout.social') },
    !isSystemAdministrator && can('automation', 'view') && { key: 'workflows', path: `/${orgId}/workflows`, to: `/${orgId}/workflows`, label: t('layout.workflows') },
  ];
  return tabs.filter((tab): tab is NavTab => tab !== false);
}

/** The screens a salesperson opens all day get the phone's tab bar; the rest go under "More" (app/phone-nav.tsx). */
const phonePreference: NavKey[] = ['index', 'contact', 'calendar', 'deal'];
const phoneTabCount = 4;

export function splitPhoneTabs(tabs: NavTab[]): { bar: NavTab[]; more: NavTab[] } {
  const ranked = [...tabs].sort((a, b) => rank(a.key) - rank(b.key));
  const bar = ranked.slice(0, phoneTabCount);
  return { bar: tabs.filter((tab) => bar.includes(tab)), more: tabs.filter((tab) => !bar.includes(tab)) };
}

function rank(key: NavKey): number {
  const index = phonePreference.indexOf(key);
  return index === -1 ? phonePreference.length : index;
}
