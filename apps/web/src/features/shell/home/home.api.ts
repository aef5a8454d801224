import { todayIso } from '../../../shared/format/dates.ts';
import { canWith, permissionsQuery } from '../../../shared/permissions.ts';
import { prefetchAtStart, type StartPreloadContext } from '../../../shared/start-preload.ts';
import { recentContactsQuery } from '../../records/contacts/index.ts';
import { dashboardDealFilters, dashboardDealsQuery, myTargetsQuery, remindersQuery, todaySchedulesQuery } from '../../reports/dashboard/index.ts';
import { FirstRunGuide, guideQuery } from '../guide/index.ts';

/**
 * The home page's start preload (app/preload.ts): the first-run guide's state (the dashboard waits for it) at once,
 * with the guide's code when it is open,
 * and — once the caller's privileges are in (the workspace preload asked for them already) — the cards the page
 * will show to this caller, with the cards' own query options, so the page finds them in flight or answered.
 */
export function preloadHome({ queryClient, orgId }: StartPreloadContext): void {
  prefetchAtStart(queryClient, guideQuery(orgId));
  // The guide's code only for a caller whose guide is open; the page waits for it (home-page.tsx).
  void queryClient
    .fetchQuery(guideQuery(orgId))
    .then((state) => (state.status === 'open' ? FirstRunGuide.preload() : undefined))
    .catch(() => undefined);
  void queryClient
    .fetchQuery(permissionsQuery(orgId))
    .then((privileges) => {
      const today = todayIso();
      if (canWith(privileges, 'calendar', 'view')) {
        prefetchAtStart(queryClient, todaySchedulesQuery(orgId, today));
        prefetchAtStart(queryClient, remindersQuery(orgId));
      }
      if (canWith(privileges, 'opportunity', 'view')) {
        const filters = dashboardDealFilters(today);
        prefetchAtStart(queryClient, dashboardDealsQuery(orgId, 'any', {}));
        prefetchAtStart(queryClient, dashboardDealsQuery(orgId, 'stalled', filters.stalled));
        prefetchAtStart(queryClient, dashboardDealsQuery(orgId, 'expected', filters.expected));
        prefetchAtStart(queryClient, myTargetsQuery(orgId, Number(today.slice(0, 4))));
      }
      if (canWith(privileges, 'contact', 'view')) prefetchAtStart(queryClient, recentContactsQuery(orgId));
    })
    .catch(() => undefined);
}
