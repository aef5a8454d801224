import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { noteKeys, trashKeys } from '../../records/query-keys.ts';
import type {
  Cost,
  CostSaveInput,
  Deal,
  DealBoard,
  DealCreateInput,
  DealFieldSetting,
  DealList,
  DealRow,
  DealsFilter,
  DealTargetBody,
  DealUpdateInput,
  DealView,
  Product,
  ProductSaveInput,
  SalesStageType,
  Stage,
  StageCreateInput,
} from '@lodestar/contract';
import { dealStatus, pageSizes, wonStageId } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';
import { todayIso } from '../../../shared/format/dates.ts';

/**
 * A won deal's completed date: the one picked, else today in the browser's calendar (the server's own
 * fallback is the UTC date, a day off for part of the day in Asia); null for any other stage.
 */
export function completedDateOf(stage: number | undefined, picked?: string | null): string | null {
  return stage === wonStageId ? picked || todayIso() : null;
}

/** The body of PUT /deal/{id}/stage: closing as won carries the local date. */
function stageBody(stage: number): { stage: number; completedDate?: string } {
  const completedDate = completedDateOf(stage);
  return completedDate ? { stage, completedDate } : { stage };
}

export interface DealListParams {
  keywords: string;
  sortBy: 'createdAt' | 'updatedAt';
  decending: boolean;
}

export interface DealTarget {
  year: number;
  month: number;
  target: string;
  uid: string;
  achieved: string;
}

export const dealKeys = {
  all: (orgId: string) => ['deals', orgId] as const,
  filter: (orgId: string) => [...dealKeys.all(orgId), 'filter'] as const,
  board: (orgId: string, stageTypeId: string | null, keywords: string) => [...dealKeys.all(orgId), 'board', stageTypeId ?? '', keywords] as const,
  boards: (orgId: string) => [...dealKeys.all(orgId), 'board'] as const,
  page: (orgId: string, params: DealListParams, cursor: string | null) => [...dealKeys.all(orgId), 'page', params, cursor] as const,
  picker: (orgId: string, keywords: string, limit: number) => [...dealKeys.all(orgId), 'picker', keywords, limit] as const,
  view: (orgId: string, id: string) => [...dealKeys.all(orgId), 'view', id] as const,
  detail: (orgId: string, id: string) => [...dealKeys.all(orgId), 'detail', id] as const,
  fieldSetting: (orgId: string) => [...dealKeys.all(orgId), 'fieldSetting'] as const,
  targets: (orgId: string, year: number, uid: string) => [...dealKeys.all(orgId), 'targets', year, uid] as const,
};

export const pipelineKeys = {
  stages: (orgId: string) => ['sales-stages', orgId] as const,
  products: (orgId: string) => ['products', orgId] as const,
  costs: (orgId: string) => ['costs', orgId] as const,
};

// ---- deals ----

export function useDealsFilter(orgId: string) {
  return useQuery({
    queryKey: dealKeys.filter(orgId),
    queryFn: ({ signal }) => apiRequest<DealsFilter>('/deals-filter', { orgId, signal }),
    staleTime: 30_000,
  });
}

/** The board: every stage column of a type (won and lost included), each with its first cards. */
export function useDealBoard(orgId: string, stageTypeId: string | null, keywords: string) {
  return useQuery({
    queryKey: dealKeys.board(orgId, stageTypeId, keywords),
    queryFn: ({ signal }) =>
      apiRequest<DealBoard>('/deal/board', {
        orgId,
        query: { stageTypeId: stageTypeId ?? undefined, keywords: keywords || undefined, limit: pageSizes.dealList },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The next cards of one column, appended to the board's cache entry (a column loads more only when
 * scrolled to its end). `requested` is the stage type the page asked for (null: the default type), which
 * keys the cache; `stageTypeId` is the type the board answered with.
 */
export function useLoadMoreColumn(orgId: string, requested: string | null, stageTypeId: string, keywords: string) {
  const queryClient = useQueryClient();
  const key = dealKeys.board(orgId, requested, keywords);
  return useMutation({
    mutationFn: ({ stage, cursor }: { stage: number; cursor: string }) =>
      apiRequest<{ items: DealRow[]; nextCursor: string | null }>('/deal/board/column', {
        orgId,
        query: { stageTypeId, stage, cursor, keywords: keywords || undefined, limit: pageSizes.dealList },
      }),
    onSuccess: (page, { stage }) =>
      queryClient.setQueryData<DealBoard>(key, (board) =>
        board
          ? {
              ...board,
              columns: board.columns.map((column) =>
                column.stage.id === stage ? { ...column, items: [...column.items, ...page.items], nextCursor: page.nextCursor } : column,
              ),
            }
          : board,
      ),
  });
}

/** A card moved to another column of a cached board (newest stage change first, as the server orders them). */
export function moveCard(board: DealBoard, dealId: string, toStage: Stage, patch: Partial<DealRow> = {}): DealBoard {
  const card = board.columns.flatMap((column) => column.items).find((item) => item.id === dealId);
  if (!card) return board;
  const moved: DealRow = {
    ...card,
    stage: toStage.id,
    closingRate: toStage.closingRate,
    status: dealStatus(toStage.id),
    isStalled: false,
    stalledDays: 0,
    ...patch,
  };
  return {
    ...board,
    columns: board.columns.map((column) => {
      const rest = column.items.filter((item) => item.id !== dealId);
      return column.stage.id === toStage.id ? { ...column, items: [moved, ...rest] } : { ...column, items: rest };
    }),
  };
}

/**
 * PUT /deal/{id}/stage from the board: the card moves at once (optimistic) and goes back when the
 * server refuses; other deal queries refresh afterwards.
 */
export function useMoveDealOnBoard(orgId: string, requested: string | null, keywords: string, successMessage: string) {
  const queryClient = useQueryClient();
  const key = dealKeys.board(orgId, requested, keywords);
  return useMutation({
    mutationFn: ({ dealId, stage }: { dealId: string; stage: Stage }) =>
      apiRequest<Deal>(`/deal/${dealId}/stage`, { method: 'PUT', orgId, body: stageBody(stage.id), successMessage, overlay: false }),
    onMutate: async ({ dealId, stage }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DealBoard>(key);
      if (previous) queryClient.setQueryData<DealBoard>(key, moveCard(previous, dealId, stage));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (deal, { dealId, stage }) => {
      queryClient.setQueryData<DealBoard>(key, (board) =>
        board ? moveCard(board, dealId, stage, { closingRate: deal.closingRate, completedDate: deal.completedDate, isStalled: deal.isStalled, stalledDays: deal.stalledDays }) : board,
      );
      return invalidateDealsExceptBoard(queryClient, orgId);
    },
  });
}

function invalidateDealsExceptBoard(queryClient: QueryClient, orgId: string) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'deals' && query.queryKey[1] === orgId && query.queryKey[2] !== 'board',
  });
}

/** One page of the deal list (20 rows, docs/product.md#limits), addressed by its keyset cursor. */
export function useDealPage(orgId: string, params: DealListParams, cursor: string | null) {
  return useQuery({
    queryKey: dealKeys.page(orgId, params, cursor),
    queryFn: ({ signal }) =>
      apiRequest<DealList>('/page/deal/list', {
        orgId,
        query: { keywords: params.keywords || undefined, sortBy: params.sortBy, decending: params.decending, limit: pageSizes.dealList, cursor: cursor ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The deal picker and name suggestions: list-without-pagenation by keywords. */
export function useDealPickerList(orgId: string, keywords: string, enabled: boolean, limit: number = pageSizes.dealPickerLoad) {
  return useQuery({
    queryKey: dealKeys.picker(orgId, keywords, limit),
    queryFn: ({ signal }) =>
      apiRequest<{ items: DealRow[] }>('/list-without-pagenation', { orgId, query: { keywords: keywords || undefined, limit }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The detail page in one call: the deal, its stage choices, field definitions, notes, timeline. */
export function useDealView(orgId: string, id: string) {
  return useQuery({
    queryKey: dealKeys.view(orgId, id),
    queryFn: ({ signal }) => apiRequest<DealView>(`/page/deal/view/${id}`, { orgId, pageLookup: true, signal }),
  });
}

/** The deal as the edit drawer needs it. */
export function useDeal(orgId: string, id: string | null | undefined) {
  return useQuery({
    queryKey: dealKeys.detail(orgId, id ?? ''),
    queryFn: ({ signal }) => apiRequest<Deal>(`/deal/${id}`, { orgId, signal }),
    enabled: Boolean(id),
  });
}

/** Deals, and the history and trash that show them, refresh together. */
function useInvalidateDeals(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([dealKeys.all(orgId), noteKeys.all(orgId), trashKeys.all(orgId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DealCreateInput | DealUpdateInput }) =>
      id
        ? apiRequest<{ dealId: string }>(`/deal/${id}`, { method: 'PUT', orgId, body, successMessage })
        : apiRequest<{ dealId: string }>('/deal', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** POST /dealTransfer: the deal's owner becomes transferUserId (needs the opportunity transfer privilege). */
export function useTransferDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: (body: { dealId: string; transferUserId: string }) => apiRequest<null>('/dealTransfer', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

/** Stage change from the detail page (close as won or lost, or any stage choice). */
export function useSetDealStage(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: number }) => apiRequest<Deal>(`/deal/${id}/stage`, { method: 'PUT', orgId, body: stageBody(stage), successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/deal/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDuplicateDeal(orgId: string, successMessage: string) {
  const invalidate = useInvalidateDeals(orgId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ dealId: string }>(`/deal-duplicate/${id}`, { method: 'POST', orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDealFieldSetting(orgId: string) {
  return useQuery({
    queryKey: dealKeys.fieldSetting(orgId),
    queryFn: ({ signal }) => apiRequest<DealFieldSetting>('/dealFieldSetting', { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveDealFieldSetting(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealFieldSetting) => apiRequest<DealFieldSetting>('/dealFieldSetting', { method: 'POST', orgId, body, successMessage }),
    onSuccess: (saved) => queryClient.setQueryData(dealKeys.fieldSetting(orgId), saved),
  });
}

export function useDealTargets(orgId: string, year: number, uid: string) {
  return useQuery({
    queryKey: dealKeys.targets(orgId, year, uid),
    queryFn: ({ signal }) => apiRequest<{ items: DealTarget[] }>('/dealTarget', { orgId, query: { year, uid: uid || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDealTarget(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealTargetBody) => apiRequest<DealTarget>('/dealTarget', { method: 'POST', orgId, body, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...dealKeys.all(orgId), 'targets'] }),
  });
}

// ---- settings: stages, products, costs ----

export function useStageTypes(orgId: string) {
  return useQuery({
    queryKey: pipelineKeys.stages(orgId),
    queryFn: ({ signal }) => apiRequest<{ items: SalesStageType[] }>('/settings/stage', { orgId, signal }),
    staleTime: 30_000,
  });
}

/** Settings writes refresh the setting and every deal screen that shows it. */
function useInvalidatePipeline(orgId: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: dealKeys.all(orgId) })]);
}

export function useSaveStage(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePipeline(orgId, pipelineKeys.stages(orgId));
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: StageCreateInput }) =>
      id === undefined
        ? apiRequest<Stage>('/settings/stage', { method: 'POST', orgId, body, successMessage })
        : apiRequest<Stage>(`/settings/stage/${id}`, { method: 'PUT', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteStage(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePipeline(orgId, pipelineKeys.stages(orgId));
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/settings/stage/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: invalidate,
  });
}

/** Drag-sort save: the type's whole ordered list of stage ids; the list moves at once and goes back on failure. */
export function useSortStages(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  const key = pipelineKeys.stages(orgId);
  const invalidate = useInvalidatePipeline(orgId, key);
  return useMutation({
    mutationFn: ({ stageTypeId, ids }: { stageTypeId: string; ids: number[] }) =>
      apiRequest<SalesStageType>('/settings/stage/sort', { method: 'POST', orgId, body: { stageTypeId, ids }, successMessage }),
    onMutate: ({ stageTypeId, ids }) => {
      const previous = queryClient.getQueryData<{ items: SalesStageType[] }>(key);
      if (previous) {
        queryClient.setQueryData<{ items: SalesStageType[] }>(key, {
          items: previous.items.map((type) =>
            type.uuid === stageTypeId
              ? { ...type, stages: ids.map((id, sort) => ({ ...type.stages.find((stage) => stage.id === id)!, sort })) }
              : type,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: invalidate,
  });
}

export function useProducts(orgId: string) {
  return useQuery({
    queryKey: pipelineKeys.products(orgId),
    queryFn: ({ signal }) => apiRequest<{ items: Product[] }>('/settings/product', { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveProduct(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePipeline(orgId, pipelineKeys.products(orgId));
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ProductSaveInput }) =>
      id
        ? apiRequest<Product>(`/settings/product/${id}`, { method: 'PUT', orgId, body, successMessage })
        : apiRequest<Product>('/settings/product', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePipeline(orgId, pipelineKeys.products(orgId));
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/settings/product/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: invalidate,
  });
}

export function useCosts(orgId: string) {
  return useQuery({
    queryKey: pipelineKeys.costs(orgId),
    queryFn: ({ signal }) => apiRequest<{ items: Cost[] }>('/settings/cost', { orgId, signal }),
    staleTime: 30_000,
  });
}

export function useSaveCost(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePipeline(orgId, pipelineKeys.costs(orgId));
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CostSaveInput }) =>
      id
        ? apiRequest<Cost>(`/settings/cost/${id}`, { method: 'PUT', orgId, body, successMessage })
        : apiRequest<Cost>('/settings/cost', { method: 'POST', orgId, body, successMessage }),
    onSuccess: invalidate,
  });
}

export function useDeleteCost(orgId: string, successMessage: string) {
  const invalidate = useInvalidatePipeline(orgId, pipelineKeys.costs(orgId));
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/settings/cost/${id}`, { method: 'DELETE', orgId, successMessage }),
    onSuccess: invalidate,
  });
}
