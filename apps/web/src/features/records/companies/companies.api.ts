import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvanceFilter, Company, CompanyDuplicate, CompanyList, CompanySaveInput, CompanyView, ListSortField } from '@lodestar/contract';
import { pageSizes } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { toMultipart } from '../../../shared/multipart.ts';

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
  view: (orgId: string, id: string) => [...companyKeys.all(orgId), 'view', id] as const,
  duplicate: (orgId: string, by: 'name' | 'tax', text: string, excludeId?: string) =>
    [...companyKeys.all(orgId), 'duplicate', by, text, excludeId ?? ''] as const,
};

function listQuery(params: CompanyListParams, limit: number, cursor: string | null, withGroups: boolean) {
  return { advanceFilter: JSON.stringify(params.filter), sortBy: params.sortBy, decending: params.decending, limit, cursor: cursor ?? undefined, needGroup: withGroups || undefined };
}

/** One page of the company table (25 rows, docs/product.md#limits), addressed by its keyset cursor. */
export function useCompanyPage(orgId: string, params: CompanyListParams, cursor: string | null) {
  return useQuery({
    queryKey: companyKeys.page(orgId, params, cursor),
    queryFn: ({ signal }) =>
      apiRequest<CompanyList>('/page/company/listV2', { orgId, query: listQuery(params, pageSizes.companyTable, cursor, cursor === null), signal }),
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
        query: listQuery({ filter: keyword ? { keyword } : {}, sortBy: 'name', decending: false }, pageSizes.picker, null, false),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The company as the edit drawer needs it. */
export function useCompany(orgId: string, id: string | null | undefined) {
  return useQuery({
    queryKey: companyKeys.detail(orgId, id ?? ''),
    queryFn: ({ signal }) => apiRequest<Company>(`/company/${id}`, { orgId, signal }),
    enabled: Boolean(id),
  });
}

/** The detail page in one call: the company, its first 50 contacts, field definitions, notes, timeline. */
export function useCompanyView(orgId: string, id: string) {
  return useQuery({
    queryKey: companyKeys.view(orgId, id),
    queryFn: ({ signal }) => apiRequest<CompanyView>(`/page/company/view/${id}`, { orgId, pageLookup: true, signal }),
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

/** Companies, their contacts (which show the company's name), history and the trash refresh together. */
function useInvalidateCompanies(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [companyKeys.all(orgId), ['contacts', orgId], ['notes', orgId], ['trash', orgId]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useSaveCompany(orgId: string, successMessage: string) {
  const invalidate = useInvalidateCompanies(orgId);
  return useMutation({
    mutationFn: ({ body, avatar }: { body: CompanySaveInput; avatar?: File | null }) =>
      apiRequest<{ id: string }>('/company', { method: 'POST', orgId, body: avatar ? toMultipart(body, avatar) : body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteCompanies(orgId: string, successMessage: string) {
  const invalidate = useInvalidateCompanies(orgId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? apiRequest<unknown>(`/company/${ids[0]}`, { method: 'DELETE', orgId, successMessage })
        : apiRequest<unknown>('/company/deleteMuti', { method: 'DELETE', orgId, body: { ids }, successMessage }),
    onSuccess: invalidate,
  });
}

/** Links contacts to a company (associate/create/contactAndCompanyMulti). */
export function useAssociateContacts(orgId: string, successMessage: string) {
  const invalidate = useInvalidateCompanies(orgId);
  return useMutation({
    mutationFn: (body: { companyId: string; contactIds: string[] }) =>
      apiRequest<unknown>('/associate/create/contactAndCompanyMulti', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Owner transfer, one record or a selection (POST /company/transfer). */
export function useTransferCompanies(orgId: string, successMessage: string) {
  const invalidate = useInvalidateCompanies(orgId);
  return useMutation({
    mutationFn: (body: { ids: string[]; ownerUserId: string }) =>
      apiRequest<{ count: number }>('/company/transfer', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}
