import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dealsEndpoints as api, pageSizes, wonStageId, type DealCreateInput, type DealListQueryInput, type DealUpdateInput } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { noteKeys, trashKeys } from '../../records/query-keys.ts';
import { todayIso } from '../../../shared/format/dates.ts';
import { dealKeys, type DealListParams } from '../query-keys.ts';

export type { DealListParams } from '../query-keys.ts';

/**
 * A won deal's completed date: the one picked, else today in the browser's calendar (the server's own
 * fallback is the UTC date, a day off for part of the day in Asia); null for any other stage.
 */
export function completedDateOf(stage: number | undefined, picked?: string | null): string | null {
  return stage === wonStageId ? picked || todayIso() : null;
}

/** Why a deal closed as lost (the close-as-lost dialog): sent with stage -9999 only. */
export interface LostReasonFields {
  lostReasonId: string | null;
  lostReasonNote: string | null;
}

/** The body of PUT /deal/{id}/stage: closing as won carries the local date. */
export function stageBody(stage: number): { stage: number; completedDate?: string } {
  const completedDate = completedDateOf(stage);
  return completedDate ? { stage, completedDate } : { stage };
}

export function dealsFilterQuery(orgId: string) {
  return queryOptions({
    queryKey: dealKeys.filter(orgId),
    queryFn: ({ signal }) => call(api.filter, { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useDealsFilter(orgId: string) {
  return useQuery(dealsFilterQuery(orgId));
}

/**
 * One page of the deal list (20 rows, docs/product.md#limits), addressed by its keyset cursor; `drill` narrows it
 * to the deals behind a statistic.
 */
export function useDealPage(orgId: string, params: DealListParams, cursor: string | null) {
  return useQuery({
    queryKey: dealKeys.page(orgId, params, cursor),
    queryFn: ({ signal }) =>
      call(api.list, {
        orgId,
        query: {
          ...(params.drill as Partial<DealListQueryInput> | undefined),
          keywords: params.keywords || undefined,
          sortBy: params.sortBy,
          decending: params.decending ? 'true' : 'false',
          limit: pageSizes.dealList,
          cursor: cursor ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The deal picker and name suggestions: list-without-pagenation by keywords. */
export function useDealPickerList(orgId: string, keywords: string, enabled: boolean, limit: number = pageSizes.dealPickerLoad) {
  return useQuery({
    queryKey: dealKeys.picker(orgId, keywords, limit),
    queryFn: ({ signal }) => call(api.pick, { orgId, query: { keywords: keywords || undefined, limit }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The detail page in one call: the deal, its stage choices, field definitions, notes, timeline. */
export function useDealView(orgId: string, id: string) {
  return useQuery({
    queryKey: dealKeys.view(orgId, id),
    queryFn: ({ signal }) => call(api.view, { params: { id }, orgId, pageLookup: true, signal }),
  });
}

/** The deal as the edit drawer needs it. */
export function useDeal(orgId: string, id: string | null | undefined) {
  return useQuery({
    queryKey: dealKeys.detail(orgId, id ?? ''),
    queryFn: ({ signal }) => call(api.get, { params: { id: id ?? '' }, orgId, signal }),
    enabled: Boolean(id),
  });
}

/** Deals, and the history and trash that show them, refresh together. */
function useInvalidateDeals(orgId: string) {
  const queryClient = useQueryClient();
  // Notes and trash belong to records; their keys are written out until records has a key registry.
  return () =>
    Promise.all([dealKeys.all(orgId), noteKeys.all(orgId), trashKeys.all(orgId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DealCreateInput | DealUpdateInput }) =>
      id
        ? call(api.update, { params: { id }, orgId, body, successMessage })
        : // Without an id the forms send a whole deal (name, amount, dates are required on create).
          call(api.create, { orgId, body: body as DealCreateInput, successMessage }),
    onSuccess: invalidate,
  });
}

/** POST /dealTransfer: the deal's owner becomes transferUserId (needs the opportunity transfer privilege). */
export function useTransferDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: (body: { dealId: string; transferUserId: string }) => call(api.transfer, { orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Stage change from the detail page (close as won or lost, or any stage choice). */
export function useSetDealStage(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: ({ id, stage, lost }: { id: string; stage: number; lost?: LostReasonFields | undefined }) =>
      call(api.moveToStage, { params: { id }, orgId, body: { ...stageBody(stage), ...lost }, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: (id: string) => call(api.remove, { params: { id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDuplicateDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: (id: string) => call(api.duplicate, { params: { id }, orgId, successMessage }),
    onSuccess: invalidate,
  });
}
