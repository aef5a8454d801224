import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeal } from '../deals.ts';
import { call } from '../factories.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../workspaces.ts';

/** What the API fuzzer (./fuzz.ts) found, each a 400 now instead of a 500. */
describe('fuzzer findings', () => {
  let w: TwoWorkspaces;
  beforeAll(async () => {
    w = await twoWorkspaces();
  });
  afterAll(() => w.t.close());

  it('a stage id past 32 bits is a 400 in a path, a query or a body (the column is an integer)', async () => {
    const { app } = w.t;
    const o = `orgId=${w.owner.orgId}`;
    const token = w.owner.token;
    const big = 2 ** 31;
    const dealId = await createDeal(app, token, w.owner.orgId);
    const board = await call(app, 'GET', `/api/deal/board?${o}`, { token });
    const stageTypeId = board.body.data.stageTypeId as string;
    for (const [method, url, body] of [
      ['GET', `/api/deal/board/column?${o}&stage=${big}&stageTypeId=${stageTypeId}`],
      ['GET', `/api/page/deal/list?${o}&stage=${big}`],
      ['DELETE', `/api/settings/stage/${big}?${o}`],
      ['PUT', `/api/settings/stage/${-big - 1}?${o}`, { title: 'x', alertNotice: null, closingRate: 10, category: 'inProgress' }],
      ['PUT', `/api/deal/${dealId}/stage?${o}`, { stage: big }],
      ['POST', `/api/settings/stage/sort?${o}`, { stageTypeId, ids: [big] }],
    ] as const) {
      const answer = await call(app, method, url, { token, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.errorCode).toBe('VALIDATION_FAILED');
    }
  });

  it('a schedule notice outside a non-negative 32-bit integer is a 400 (the column is an integer, checked >= 0)', async () => {
    for (const notice of [2 ** 31, -300]) {
      const answer = await call(w.t.app, 'POST', `/api/task?orgId=${w.owner.orgId}`, {
        token: w.owner.token,
        body: { subject: 'Call', startDate: '2026-03-02', endDate: '2026-03-02', notice },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.details?.map((d: { field: string }) => d.field)).toContain('notice');
    }
  });
});
