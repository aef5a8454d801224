import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvanceFilter, Company, CompanyDuplicate, CompanyList, CompanySaveInput, ListSortField } from '@lodestar/contract';
import { pageSizes } from '@lodestar/contract';
import { apiRequest } from '../../shared/api-client.ts';
import { toMultipart } from '../../shared/multipart.ts';

export interface CompanyListParams {
  filter: AdvanceFilter;
  sortBy: ListSortField;
  decending: boolean;
}

export const companyKeys = {
  all: (orgId: string) => ['companies', orgId] as const,
  page: (orgId: string, params: CompanyListParams, cursor: string | null) => [...companyKeys.all(orgId), 'page', params, cursor] as const,
  picker: (orgId: string, keyword: string) => [...companyKeys.all(orgId), 'picker', keyword] as const,
  detail: (orgId: string, id: string) => [...companyKeys.all(orgId), 'detail', id] as const,
  duplicate: (orgId: string, by: 'name' | 'tax', text: string, excludeId?: string) =>
    [...companyKeys.all(orgId), 'duplicate', by, text, excludeId ?? ''] as const,
};

function listQuery(params: CompanyListParams, limit: number, cursor: string | null) {
  return { advanceFilter: JSON.stringify(params.filter), sortBy: params.sortBy, decending: params.decending, limit, cursor: cursor ?? undefined };
}

/** One page of the company table (25 rows, spec section 9), addressed by its keyset cursor. */
export function useCompanyPage(orgId: string, params: CompanyListParams, cursor: string | null) {
  return useQuery({
    queryKey: companyKeys.page(orgId, params, cursor),
    queryFn: ({ signal }) =>
      apiRequest<CompanyList>('/page/company/listV2', { orgId, query: listQuery(params, pageSizes.companyTable, cursor), signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company picker: 500 rows by name filter. */
export function useCompanyPickerList(orgId: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.picker(orgId, keyword),
    queryFn: ({ signal }) =>
      apiRequest<CompanyList>('/page/company/listV2', {
        orgId,
        query: listQuery({ filter: keyword ? { keyword } : {}, sortBy: 'name', decending: false }, pageSizes.picker, null),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCompany(orgId: string, id: string | null | undefined, pageLookup = false) {
  return useQuery({
    queryKey: companyKeys.detail(orgId, id ?? ''),
    queryFn: ({ signal }) => apiRequest<Company>(`/page/company/view/${id}`, { orgId, pageLookup, signal }),
    enabled: Boolean(id),
  });
}

/** Duplicate check by name or tax ID (the caller debounces 500 ms). */
export function useCompanyDuplicate(orgId: string, by: 'name' | 'tax', text: string, excludeId?: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: companyKeys.duplicate(orgId, by, trimmed, excludeId),
    queryFn: ({ signal }) =>
      apiRequest<CompanyDuplicate>('/company-check-duplicate', { orgId, query: { [by]: trimmed, excludeId }, signal }),
    enabled: trimmed.length > 0,
    staleTime: 10_000,
  });
}

export function useSaveCompany(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, avatar }: { body: CompanySaveInput; avatar?: File | null }) =>
      apiRequest<{ id: string }>('/company', { method: 'POST', orgId, body: avatar ? toMultipart(body, avatar) : body, successMessage }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all(orgId) }),
        // Contacts show their company's name.
        queryClient.invalidateQueries({ queryKey: ['contacts', orgId] }),
      ]),
  });
}

export function useDeleteCompanies(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? apiRequest<unknown>(`/company/${ids[0]}`, { method: 'DELETE', orgId, successMessage })
        : apiRequest<unknown>('/company/deleteMuti', { method: 'DELETE', orgId, body: { ids }, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all(orgId) }),
  });
}

/** Links contacts to a company (associate/create/contactAndCompanyMulti). */
export function useAssociateContacts(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { companyId: string; contactIds: string[] }) =>
      apiRequest<unknown>('/associate/create/contactAndCompanyMulti', { method: 'POST', orgId, body, successMessage }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all(orgId) }),
        queryClient.invalidateQueries({ queryKey: ['contacts', orgId] }),
      ]),
  });
}
