import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companiesEndpoints as api, isTaiwanTaxId, pageSizes, type CompanyEnrichmentBody, type CompanyEnrichmentList } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { companyKeys, type RecordListParams } from '../query-keys.ts';
import { companyRecordApi, listQuery } from '../records/index.ts';

export type CompanyListParams = RecordListParams;

/** One page of the company table (25 rows, docs/product.md#limits), addressed by its keyset cursor. */
export function useCompanyPage(orgId: string, params: CompanyListParams, cursor: string | null) {
  return useQuery({
    queryKey: companyKeys.page(orgId, params, cursor),
    queryFn: ({ signal }) => call(api.list, { orgId, query: listQuery(params, pageSizes.companyTable, cursor, cursor === null), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Duplicate check by name or tax ID (the caller debounces 500 ms). */
export function useCompanyDuplicate(orgId: string, by: 'name' | 'tax', text: string, excludeId?: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: companyKeys.duplicate(orgId, by, trimmed, excludeId),
    queryFn: ({ signal }) => call(api.checkDuplicate, { orgId, query: { [by]: trimmed, excludeId }, signal }),
    enabled: trimmed.length > 0,
    staleTime: 10_000,
  });
}

/** 統編 → the company registry's entry (records/company-registry.ts in the contract); only for a checksum-valid 統編. */
export function useCompanyRegistry(orgId: string, taxId: string) {
  return useQuery({
    queryKey: companyKeys.registry(orgId, taxId),
    queryFn: ({ signal }) => call(api.registryLookup, { orgId, query: { taxId }, signal }),
    enabled: isTaiwanTaxId(taxId),
    staleTime: 60 * 60 * 1000,
  });
}

// The hooks companies share with contacts (records/record-api.ts); companies, their contacts (which show the
// company's name), history and the trash refresh together.
export const {
  useRecord: useCompany,
  useView: useCompanyView,
  useSave: useSaveCompany,
  useDelete: useDeleteCompanies,
  useTransfer: useTransferCompanies,
} = companyRecordApi;

/** Links contacts to a company (associate/create/contactAndCompanyMulti). */
export function useAssociateContacts(orgId: string, successMessage: string) {
  const invalidate = companyRecordApi.useInvalidate(orgId);
  return useMutation({
    mutationFn: (body: { companyId: string; contactIds: string[] }) => call(api.associateContacts, { orgId, body, successMessage }),
    onSuccess: () => invalidate(),
  });
}

/** The workspace's latest registry enrichments; polled every 2 s while one runs or waits, the list refreshed when it ends. */
export function useCompanyEnrichments(orgId: string) {
  const queryClient = useQueryClient();
  const invalidate = companyRecordApi.useInvalidate(orgId);
  return useQuery({
    queryKey: companyKeys.enrichments(orgId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<CompanyEnrichmentList>(companyKeys.enrichments(orgId))?.items[0];
      const answer = await call(api.enrichmentList, { orgId, signal });
      // Companies changed under the list while it ran: read them again once, when it ends.
      const latest = answer.items[0];
      if (before && before.status !== 'done' && latest?.id === before.id && latest.status === 'done') void invalidate();
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.items[0] && query.state.data.items[0].status !== 'done' ? 2_000 : false),
  });
}

/** Starts a registry enrichment (chosen companies, all, or an import's). */
export function useStartEnrichment(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyEnrichmentBody) => call(api.enrichmentStart, { orgId, body, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.enrichments(orgId) }),
  });
}
