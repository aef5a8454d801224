import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchEndpoints as api } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { searchKeys } from '../query-keys.ts';

export function useGlobalSearch(orgId: string, keyword: string) {
  return useQuery({
    queryKey: searchKeys.results(orgId, keyword),
    queryFn: ({ signal }) => call(api.search, { orgId, query: { keyword }, signal }),
    enabled: keyword.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
