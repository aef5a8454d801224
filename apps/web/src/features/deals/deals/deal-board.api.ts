import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { centsToMoney, dealsEndpoints as api, dealStatus, moneyToCents, pageSizes, type DealBoard, type DealBoardColumn, type DealRow, type Stage } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { dealKeys } from '../query-keys.ts';
import { prefetchAtStart, type StartPreloadContext } from '../../../shared/start-preload.ts';
import { dealsFilterQuery, stageBody, type LostReasonFields } from './deals.api.ts';

/** The board: every stage column of a type (won and lost included), each with its first cards. */
export function dealBoardQuery(orgId: string, stageTypeId: string | null, keywords: string) {
  return queryOptions({
    queryKey: dealKeys.board(orgId, stageTypeId, keywords),
    queryFn: ({ signal }) =>
      call(api.board, {
        orgId,
        query: { stageTypeId: stageTypeId ?? undefined, keywords: keywords || undefined, limit: pageSizes.dealList },
        signal,
      }),
  });
}

export function useDealBoard(orgId: string, stageTypeId: string | null, keywords: string) {
  return useQuery({ ...dealBoardQuery(orgId, stageTypeId, keywords), placeholderData: keepPreviousData });
}

/** The start preload (app/preload.ts) of /{orgId}/deal/list: the default type's board and the page's stage types. */
export function preloadDealBoard({ queryClient, orgId }: StartPreloadContext): void {
  prefetchAtStart(queryClient, dealBoardQuery(orgId, null, ''));
  prefetchAtStart(queryClient, dealsFilterQuery(orgId));
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
      call(api.boardColumn, {
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
      const without = rest.length < column.items.length ? withTotals({ ...column, items: rest }, card, -1) : column;
      return column.stage.id === toStage.id ? withTotals({ ...without, items: [moved, ...rest] }, moved, 1) : without;
    }),
  };
}

/** A column's count, total and weighted total with one deal added (1) or taken out (-1), in exact cents. */
function withTotals(column: DealBoardColumn, deal: DealRow, sign: 1 | -1): DealBoardColumn {
  const amount = moneyToCents(deal.amount);
  const weighted = (amount * BigInt(deal.closingRate)) / 100n;
  return {
    ...column,
    count: column.count + sign,
    total: centsToMoney(moneyToCents(column.total) + BigInt(sign) * amount),
    weightedTotal: centsToMoney(moneyToCents(column.weightedTotal) + BigInt(sign) * weighted),
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
    mutationFn: ({ dealId, stage, lost }: { dealId: string; stage: Stage; lost?: LostReasonFields | undefined }) =>
      call(api.moveToStage, { params: { id: dealId }, orgId, body: { ...stageBody(stage.id), ...lost }, successMessage, overlay: false }),
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
  const [root] = dealKeys.all(orgId);
  const board = dealKeys.boards(orgId)[2];
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === root && query.queryKey[1] === orgId && query.queryKey[2] !== board,
  });
}
