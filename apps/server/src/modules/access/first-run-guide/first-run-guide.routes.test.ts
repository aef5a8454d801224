import { guideSteps } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}?orgId=${orgId}`;

describe('first-run guide', () => {
  it("offers the workspace's creator an open guide at the first step; a member who joined gets none", async () => {
    const mine = await call(t.app, 'GET', url('/guide'), { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ status: 'open', current: 'companyName', done: [], skipped: [] });
    const theirs = await call(t.app, 'GET', url('/guide'), { token: member.token });
    expect(theirs.body.data.status).toBe('none');
  });

  it('records done and skipped steps, moves on, and resumes where it was left', async () => {
    await call(t.app, 'POST', url('/guide/step'), { token: owner.token, body: { step: 'companyName', outcome: 'done' } });
    const skipped = await call(t.app, 'POST', url('/guide/step'), { token: owner.token, body: { step: 'contactTags', outcome: 'skipped' } });
    expect(skipped.body.data).toEqual({ status: 'open', current: 'companyTags', done: ['companyName'], skipped: ['contactTags'] });
    // Going back to a skipped step and saving it there turns it from skipped into done.
    await call(t.app, 'POST', url('/guide/step'), { token: owner.token, body: { step: 'contactTags', outcome: 'visited' } });
    const redone = await call(t.app, 'POST', url('/guide/step'), { token: owner.token, body: { step: 'contactTags', outcome: 'done' } });
    expect(redone.body.data).toMatchObject({ current: 'companyTags', done: ['companyName', 'contactTags'], skipped: [] });
    // Later (another session): the same place.
    const again = await call(t.app, 'GET', url('/guide'), { token: owner.token });
    expect(again.body.data.current).toBe('companyTags');
  });

  it('reaches finish after the last step; dismissed hides it; reopening from settings resumes or restarts', async () => {
    const last = await call(t.app, 'POST', url('/guide/step'), { token: owner.token, body: { step: guideSteps.at(-1), outcome: 'skipped' } });
    expect(last.body.data.current).toBe('finish');
    const finished = await call(t.app, 'POST', url('/guide/finish'), { token: owner.token });
    expect(finished.body.data.status).toBe('finished');
    const reopened = await call(t.app, 'POST', url('/guide/reopen'), { token: owner.token });
    expect(reopened.body.data).toMatchObject({ status: 'open', current: 'companyName', done: ['companyName', 'contactTags'] });
    await call(t.app, 'POST', url('/guide/step'), { token: owner.token, body: { step: 'companyName', outcome: 'done' } });
    const dismissed = await call(t.app, 'POST', url('/guide/dismiss'), { token: owner.token });
    expect(dismissed.body.data).toMatchObject({ status: 'dismissed', current: 'contactTags' });
    const back = await call(t.app, 'POST', url('/guide/reopen'), { token: owner.token });
    expect(back.body.data).toMatchObject({ status: 'open', current: 'contactTags' });
  });

  it('refuses a bad step (400 naming step) and reopening by a member (403)', async () => {
    const bad = await call(t.app, 'POST', url('/guide/step'), { token: owner.token, locale: 'en-US', body: { step: 'nope', outcome: 'done' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('step');
    expect((await call(t.app, 'POST', url('/guide/reopen'), { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'POST', url('/guide/step'), { token: member.token, body: { step: 'companyName', outcome: 'done' } })).status).toBe(403);
  });

  it('another workspace can neither read nor change this guide', async () => {
    expect((await call(t.app, 'GET', url('/guide'), { token: other.token })).status).toBe(403);
    expect((await call(t.app, 'POST', url('/guide/finish'), { token: other.token })).status).toBe(403);
    // Their own guide is their own: the owner's state did not move.
    const own = await call(t.app, 'GET', url('/guide', other.orgId), { token: other.token });
    expect(own.body.data).toEqual({ status: 'open', current: 'companyName', done: [], skipped: [] });
    expect((await call(t.app, 'GET', url('/guide'), { token: owner.token })).body.data.current).toBe('contactTags');
  });
});
