import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DealBoard, Stage } from '@lodestar/contract';
import { configureApiClient, resetApiClient } from '../../../shared/api-client.ts';
import { dealKeys } from '../query-keys.ts';
import { useMoveDealOnBoard } from './deal-board.api.ts';

const stage = (id: number): Stage => ({ id, stageTypeId: 't', label: `s${id}`, sort: id, closingRate: id === 2 ? 60 : 10, alertNotice: null, category: 'inProgress' });
const card = {
  id: 'd1', title: 'Deal', amount: '1.00', stage: 1, stageTypeId: 't', status: 'developing' as const, closingRate: 10, company: null, contact: null,
  startDate: '2026-01-01', estimateDate: '2026-02-01', completedDate: null, owner: null, stalledDays: 0, isStalled: false, dynamicFields: {}, lostReasonId: null, lostReasonNote: null, createdAt: '', updatedAt: '',
};
const board: DealBoard = { stageTypeId: 't', columns: [{ stage: stage(1), items: [card], nextCursor: null, count: 1, total: '1.00', weightedTotal: '0.10' }, { stage: stage(2), items: [], nextCursor: null, count: 0, total: '0.00', weightedTotal: '0.00' }] };

describe('useMoveDealOnBoard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetApiClient();
  });

  it('moves the card at once and puts it back when the server refuses', async () => {
    const notify = vi.fn();
    configureApiClient({ notify, navigate: vi.fn(), language: () => 'en-US' });
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = dealKeys.board('o1', null, '');
    queryClient.setQueryData(key, board);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useMoveDealOnBoard('o1', null, '', 'Moved'), { wrapper });

    act(() => result.current.mutate({ dealId: 'd1', stage: stage(2) }));
    await waitFor(() => expect(queryClient.getQueryData<DealBoard>(key)!.columns[1]!.items.map((item) => item.id)).toEqual(['d1']));
    // The column totals follow the card (count, amount, weighted by its closing rate).
    expect(queryClient.getQueryData<DealBoard>(key)!.columns.map((c) => c.count)).toEqual([0, 1]);
    expect(queryClient.getQueryData<DealBoard>(key)!.columns[0]!.total).toBe('0.00');

    answer(new Response(JSON.stringify({ result: 'fail', data: null, errorMessage: 'Deal not found', errorCode: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData<DealBoard>(key)).toEqual(board);
    expect(notify).toHaveBeenCalledWith('error', 'Deal not found');
  });
});
