import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export function useGlobalSearch(orgId: string, keyword: string) {
  return useQuery({
    queryKey: ['search', orgId, keyword] as const,
    queryFn: ({ signal }) => apiRequest<{ items: SearchResult[] }>('/search', { orgId, query: { keyword }, signal }),
    enabled: keyword.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
