import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';

/*
 * Issue 30, defect 5: step 3 on a server with no route to LINE said "LINE 暫時無法回應". Three failures a user
 * fixes differently, each with its own code: the server cannot reach LINE (its network), LINE refuses the
 * credentials (copy them again), LINE is down (wait).
 */

let line: LineDouble;
let channel: DoubleChannel;
let online: TestApp;
let offline: TestApp;
let owner: TestUser & { orgId: string };
let cutOff: TestUser & { orgId: string };
const url = (p: string, orgId: string) => `/api${p}?orgId=${orgId}`;

async function toStep3(app: TestApp, user: TestUser & { orgId: string }) {
  for (const step of [1, 2]) expect((await call(app.app, 'POST', url(`/channel/line/steps/${step}`, user.orgId), { token: user.token })).status).toBe(200);
}

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  online = await buildTestApp(line.env);
  // A port nothing listens on: connections are refused, as on a server with no route to LINE.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  offline = await buildTestApp({ LINE_API_URL: nowhere, LINE_DATA_API_URL: nowhere });
  owner = await signedInOwner(online.app, 'Online');
  cutOff = await signedInOwner(offline.app, 'Cut off');
  await toStep3(online, owner);
  await toStep3(offline, cutOff);
  // Two fresh databases on a shared machine.
}, 240_000);
afterAll(async () => {
  await online?.close();
  await offline?.close();
  await line?.close();
});

describe('LINE step 3 failures', () => {
  it('no route to LINE: LINE_UNREACHABLE names this server and what to check, in each language', async () => {
    const body = { channelId: channel.channelId, channelSecret: channel.secret };
    const zh = await call(offline.app, 'PUT', url('/channel/line/credentials', cutOff.orgId), { token: cutOff.token, locale: 'zh-TW', body });
    expect(zh.status).toBe(504);
    expect(zh.body.errorCode).toBe('LINE_UNREACHABLE');
    expect(zh.body.errorMessage).toContain('這台伺服器連不上 LINE（ECONNREFUSED）');
    expect(zh.body.errorMessage).toContain('api.line.me');
    const en = await call(offline.app, 'PUT', url('/channel/line/credentials', cutOff.orgId), { token: cutOff.token, locale: 'en-US', body });
    expect(en.body.errorMessage).toMatch(/^This server cannot reach LINE \(ECONNREFUSED\)/);
    const cn = await call(offline.app, 'PUT', url('/channel/line/credentials', cutOff.orgId), { token: cutOff.token, locale: 'zh-CN', body });
    expect(cn.body.errorMessage).toContain('这台服务器连不上 LINE');
    // Nothing was stored: the step is still 3.
    const state = await call(offline.app, 'GET', url('/channel/line', cutOff.orgId), { token: cutOff.token });
    expect(state.body.data.completedSteps).toBe(2);
  });

  it('LINE down (5xx): LINE_UNAVAILABLE says it is LINE, with its status, not the settings', async () => {
    line.setOutage(503);
    try {
      const down = await call(online.app, 'PUT', url('/channel/line/credentials', owner.orgId), {
        token: owner.token,
        locale: 'en-US',
        body: { channelId: channel.channelId, channelSecret: channel.secret },
      });
      expect(down.status).toBe(502);
      expect(down.body.errorCode).toBe('LINE_UNAVAILABLE');
      expect(down.body.errorMessage).toContain('HTTP 503');
      expect(down.body.errorMessage).toContain('your settings are not at fault');
    } finally {
      line.setOutage(null);
    }
  });

  it('LINE refusing the secret stays LINE_CREDENTIALS_INVALID (400); the right one then passes', async () => {
    const wrong = await call(online.app, 'PUT', url('/channel/line/credentials', owner.orgId), {
      token: owner.token,
      body: { channelId: channel.channelId, channelSecret: 'f'.repeat(32) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('LINE_CREDENTIALS_INVALID');
    const right = await call(online.app, 'PUT', url('/channel/line/credentials', owner.orgId), {
      token: owner.token,
      body: { channelId: channel.channelId, channelSecret: channel.secret },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.completedSteps).toBe(3);
  });
});
