import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salesInvoicesEndpoints as api, type SalesInvoiceAllowanceBody, type SalesInvoiceIssueBody, type SalesInvoiceSettingsBody } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { salesInvoiceKeys } from '../query-keys.ts';

/** A deal's e-invoices, newest first; refetched every few seconds while one is still being issued. */
export function useDealInvoices(orgId: string, dealId: string) {
  return useQuery({
    queryKey: salesInvoiceKeys.ofDeal(orgId, dealId),
    queryFn: ({ signal }) => call(api.listOfDeal, { params: { id: dealId }, orgId, signal }),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'pending') ? 5_000 : false),
  });
}

function useRefresh(orgId: string, dealId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: salesInvoiceKeys.ofDeal(orgId, dealId) });
}

export function useIssueInvoice(orgId: string, dealId: string) {
  const refresh = useRefresh(orgId, dealId);
  return useMutation({ mutationFn: (body: SalesInvoiceIssueBody) => call(api.issue, { orgId, body }), onSuccess: refresh });
}

export function useVoidInvoice(orgId: string, dealId: string, successMessage: string) {
  const refresh = useRefresh(orgId, dealId);
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => call(api.void, { params: { id }, orgId, body: { reason }, successMessage }), onSuccess: refresh });
}

export function useInvoiceAllowance(orgId: string, dealId: string, successMessage: string) {
  const refresh = useRefresh(orgId, dealId);
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: SalesInvoiceAllowanceBody }) => call(api.allowance, { params: { id }, orgId, body, successMessage }), onSuccess: refresh });
}

export function useEInvoiceSettings(orgId: string) {
  return useQuery({ queryKey: salesInvoiceKeys.settings(orgId), queryFn: ({ signal }) => call(api.settings, { orgId, signal }) });
}

export function useSaveEInvoiceSettings(orgId: string, successMessage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesInvoiceSettingsBody) => call(api.saveSettings, { orgId, body, successMessage }),
    onSuccess: (saved) => client.setQueryData(salesInvoiceKeys.settings(orgId), saved),
  });
}

export function useTestEInvoiceConnection(orgId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(api.testConnection, { orgId }), onSuccess: () => client.invalidateQueries({ queryKey: salesInvoiceKeys.settings(orgId) }) });
}
