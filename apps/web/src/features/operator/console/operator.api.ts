import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorEndpoints as api, type CouponCreate, type OperatorInvoice, type Plan } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';

/** Query keys of the operator console (server-wide lists, no workspace). */
export const operatorKeys = {
  all: ['operator'] as const,
  list: (kind: 'coupons' | 'workspaces' | 'charges' | 'audit' | 'invoices', query: object) => [...operatorKeys.all, kind, query] as const,
};

export interface PageQuery {
  keyword: string;
  page: number;
  pageSize: number;
}
export type ChargeQuery = PageQuery & { status?: 'pending' | 'processing' | 'paid' | 'failed'; from?: string; to?: string };

const listOptions = { placeholderData: keepPreviousData, staleTime: 10_000 } as const;

export function useOperatorCoupons(query: PageQuery) {
  return useQuery({ queryKey: operatorKeys.list('coupons', query), queryFn: ({ signal }) => call(api.coupons, { query, signal }), ...listOptions });
}

export function useOperatorWorkspaces(query: PageQuery) {
  return useQuery({ queryKey: operatorKeys.list('workspaces', query), queryFn: ({ signal }) => call(api.workspaces, { query, signal }), ...listOptions });
}

export function useOperatorCharges(query: ChargeQuery) {
  return useQuery({ queryKey: operatorKeys.list('charges', query), queryFn: ({ signal }) => call(api.charges, { query, signal }), ...listOptions });
}

export function useOperatorAudit(query: Omit<PageQuery, 'keyword'>) {
  return useQuery({ queryKey: operatorKeys.list('audit', query), queryFn: ({ signal }) => call(api.audit, { query, signal }), ...listOptions });
}

/** Every write changes a list and the audit trail: refresh them all. */
function useOperatorMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}

export function useCreateCoupon(successMessage: string) {
  return useOperatorMutation((body: CouponCreate) => call(api.createCoupon, { body, successMessage }));
}

export function useDisableCoupon(successMessage: string) {
  return useOperatorMutation((id: string) => call(api.disableCoupon, { params: { id }, successMessage }));
}

export function useFreezeWorkspace(successMessage: string) {
  return useOperatorMutation(({ id, frozen }: { id: string; frozen: boolean }) => call(api.freezeWorkspace, { params: { id }, body: { frozen }, successMessage }));
}

export function useSetWorkspacePlan(successMessage: string) {
  return useOperatorMutation(({ id, plan }: { id: string; plan: Plan }) => call(api.setWorkspacePlan, { params: { id }, body: { plan }, successMessage }));
}

/** E-invoices refused or still retrying (charges and workspaces' sales), nearest deadline first; refreshed every 30 s. */
export function useOperatorInvoices() {
  return useQuery({ queryKey: operatorKeys.list('invoices', {}), queryFn: ({ signal }) => call(api.invoices, { signal }), staleTime: 10_000, refetchInterval: 30_000 });
}

export function useRetryInvoice(successMessage: string) {
  return useOperatorMutation((invoice: Pick<OperatorInvoice, 'source' | 'id'>) => call(api.retryInvoice, { params: { source: invoice.source, id: invoice.id }, successMessage }));
}
