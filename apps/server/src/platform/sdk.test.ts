import { createLodestarClient, LodestarApiError, unwrap } from '@lodestar/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { signedInOwner } from '../test/factories.ts';

/** The typed SDK (packages/sdk) against a listening server: what a script outside this repository does. */
describe('the SDK', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('creates and reads records through typed calls, with the envelope unwrapped', async () => {
    const owner = await signedInOwner(t.app);
    const lodestar = createLodestarClient({ baseUrl, token: owner.token, language: 'en-US' });
    const query = { orgId: owner.orgId };

    const tag = unwrap(await lodestar.POST('/api/tags/{kind}', { params: { path: { kind: 'customer' }, query }, body: { name: 'VIP', color: '#1677ff', noticeDay: 0 } }));
    expect(tag.name).toBe('VIP');
    const tree = unwrap(await lodestar.GET('/api/tags/{kind}/toTree', { params: { path: { kind: 'customer' }, query } }));
    expect(JSON.stringify(tree)).toContain(tag.id);
    const profile = unwrap(await lodestar.GET('/api/profile'));
    expect(profile.email).toBe(owner.email);
  });

  it('turns a failed answer into a LodestarApiError with its code, status and localized message', async () => {
    const owner = await signedInOwner(t.app);
    const stranger = createLodestarClient({ baseUrl, language: 'en-US' });
    const anonymous = await stranger.GET('/api/tags/{kind}/toTree', { params: { path: { kind: 'customer' }, query: { orgId: owner.orgId } } });
    let error: unknown;
    try {
      unwrap(anonymous);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LodestarApiError);
    expect((error as LodestarApiError).status).toBe(401);
    expect((error as LodestarApiError).errorCode).toBeTruthy();
  });
});
