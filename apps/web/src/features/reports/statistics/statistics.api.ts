import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints as api, type EndpointData, type StatisticsFeature } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { statisticsKeys, type StatisticsFilter } from '../query-keys.ts';

export type { StatisticsFilter } from '../query-keys.ts';

type Screen = 'dashboard' | 'performance' | 'forecast' | 'productRanking' | 'salesRanking' | 'quotes';

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** One statistics screen's answer for a filter; the previous answer stays on screen while the next loads. */
export function useStatistic<S extends Screen>(orgId: string, screen: S, filter: StatisticsFilter) {
  return useQuery({
    queryKey: statisticsKeys.screen(orgId, screen, filter),
    queryFn: ({ signal }) =>
      // Every screen takes the same query (statisticsQuerySchema); only the answer differs.
      call(api[screen] as (typeof api)['dashboard'], { orgId, query: { ...filter, timeZone: browserTimeZone() }, signal }) as Promise<EndpointData<(typeof api)[S]>>,
    placeholderData: keepPreviousData,
  });
}

export function useStatisticsPeople(orgId: string, feature: StatisticsFeature) {
  return useQuery({
    queryKey: statisticsKeys.people(orgId, feature),
    queryFn: ({ signal }) => call(api.people, { orgId, query: { feature }, signal }),
    staleTime: 60_000,
  });
}
