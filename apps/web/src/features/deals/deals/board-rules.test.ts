import { afterEach, describe, expect, it, vi } from 'vitest';
import { wonStage, type DealBoard, type DealRow, type Stage } from '@lodestar/contract';
import { moveCard } from './deal-board.api.ts';
import { completedDateOf } from './deals.api.ts';
import { toDealBody } from './components/deal-form.tsx';

const stage = (id: number, closingRate: number): Stage => ({ id, stageTypeId: 't', label: `s${id}`, sort: id, closingRate, alertNotice: 7, category: 'inProgress' });
const row = (id: string, stageId: number): DealRow => ({
  id, title: id, amount: '100.00', stage: stageId, stageTypeId: 't', status: 'developing', closingRate: 10, company: null, contact: null,
  startDate: '2026-01-01', estimateDate: '2026-02-01', completedDate: null, owner: null, stalledDays: 9, isStalled: true, dynamicFields: {}, lostReasonId: null, lostReasonNote: null, createdAt: '', updatedAt: '',
});

describe('moveCard (the optimistic board update)', () => {
  const board: DealBoard = {
    stageTypeId: 't',
    columns: [
      { stage: stage(10001, 10), items: [row('a', 10001), row('b', 10001)], nextCursor: null, count: 2, total: '200.00', weightedTotal: '20.00' },
      { stage: stage(10002, 60), items: [row('c', 10002)], nextCursor: 'x', count: 3, total: '300.00', weightedTotal: '180.00' },
      { stage: wonStage, items: [], nextCursor: null, count: 0, total: '0.00', weightedTotal: '0.00' },
    ],
  };
  it('moves the card to the top of the target column with the stage rate, no longer stalled', () => {
    const next = moveCard(board, 'b', stage(10002, 60));
    expect(next.columns[0]!.items.map((item) => item.id)).toEqual(['a']);
    expect(next.columns[1]!.items.map((item) => item.id)).toEqual(['b', 'c']);
    expect(next.columns[1]!.items[0]).toMatchObject({ stage: 10002, closingRate: 60, isStalled: false, stalledDays: 0 });
    expect(next.columns[1]!.nextCursor).toBe('x');
  });
  it('marks a card moved to won as closed with rate 100', () => {
    const next = moveCard(board, 'a', wonStage);
    expect(next.columns[2]!.items[0]).toMatchObject({ id: 'a', stage: 1000, status: 'closed', closingRate: 100 });
  });
  it('leaves the board alone for an unknown card', () => {
    expect(moveCard(board, 'zzz', wonStage)).toBe(board);
  });
});

describe('toDealBody', () => {
  it('sends exact strings, whole quantities, and a completed date only for won deals', () => {
    const body = toDealBody(
      {
        name: ' Cloud ',
        amount: '3300',
        startDate: '2026-11-01',
        estimatedEndDate: '2026-12-31',
        stage: 10001,
        completedDate: '2026-11-20',
        company: { id: 'c1', name: 'Acme' },
        products: [{ productId: 'p1', name: 'CRM', singlePrice: '1200', quotedPrice: '1100.5', num: 3 }],
        costs: [{ costId: 'k1', name: 'Travel', singlePrice: '2500', num: 1 }],
      },
      'type-1',
    );
    expect(body).toMatchObject({
      name: 'Cloud', amount: '3300', stage: 10001, stageTypeId: 'type-1', completedDate: null, companyId: 'c1', clientId: null,
      products: [{ productId: 'p1', name: 'CRM', singlePrice: '1200', quotedPrice: '1100.5', num: 3 }],
      costs: [{ costId: 'k1', name: 'Travel', singlePrice: '2500', num: 1 }],
    });
    expect(toDealBody({ name: 'x', amount: '1', startDate: '2026-01-01', estimatedEndDate: '2026-01-02', stage: 1000, completedDate: '2026-01-05' }, null).completedDate).toBe('2026-01-05');
  });
  it('sends the collaborators the drawer picked, and leaves them out when the form has none (the simple dialog)', () => {
    const base = { name: 'x', amount: '1', startDate: '2026-01-01', estimatedEndDate: '2026-01-02' };
    expect(toDealBody({ ...base, collaboratorUserIds: ['u1', 'u2'] }, null).collaboratorUserIds).toEqual(['u1', 'u2']);
    expect(toDealBody({ ...base, collaboratorUserIds: [] }, null).collaboratorUserIds).toEqual([]);
    expect('collaboratorUserIds' in toDealBody(base, null)).toBe(false);
  });
});

describe('completed date of a won deal', () => {
  afterEach(() => vi.useRealTimers());

  it('is the picked date, else today in the browser\'s calendar (not the UTC date); null unless won', () => {
    // 23:30 on 2026-11-23 local time; in Taipei that instant is still the 23rd, while UTC may differ.
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 23, 23, 30));
    expect(completedDateOf(1000)).toBe('2026-11-23');
    expect(completedDateOf(1000, '2026-11-01')).toBe('2026-11-01');
    expect(completedDateOf(10001, '2026-11-01')).toBeNull();
    expect(completedDateOf(-9999)).toBeNull();
    expect(toDealBody({ name: 'x', amount: '1', startDate: '2026-01-01', estimatedEndDate: '2026-01-02', stage: 1000 }, null).completedDate).toBe('2026-11-23');
  });
});
