import { todayIso } from '../../../shared/format/dates.ts';
import { canWith, permissionsQuery } from '../../../shared/permissions.ts';
import { prefetchAtStart, prefetchCodeAtStart, type StartPreloadContext } from '../../../shared/start-preload.ts';
import { recentContactsQuery } from '../../records/contacts/index.ts';
import { dashboardDealFilters, dashboardDealsQuery, myTargetsQuery, remindersQuery, todaySchedulesQuery } from '../../reports/dashboard/index.ts';
import { guideQuery, preloadFirstRunGuide } from '../guide/index.ts';

/**
 * The home page's start preload (app/preload.ts): the first-run guide's state (the dashboard waits for it) at once,
 * with the guide's code when it is open (not once the page's first render is through), and — once the caller's
 * privileges are in (the workspace preload asked for them already) — the cards the page will show to this caller, with
 * the cards' own query options, so the page finds them in flight or answered.
 */
export function preloadHome({ queryClient, orgId }: StartPreloadContext): void {
  prefetchAtStart(queryClient, guideQuery(orgId));
  prefetchCodeAtStart(queryClient.fetchQuery(guideQuery(orgId)).then((state) => (state.status === 'open' ? preloadFirstRunGuide(state.current) : undefined)));
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
