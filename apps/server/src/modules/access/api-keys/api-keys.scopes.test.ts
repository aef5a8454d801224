import { apiScopes, fillPath, pathParamNames, requiredApiScopes, scopeAllows, type Endpoint } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints } from '../../../test/contract-endpoints.ts';
import { call } from '../../../test/factories.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';

/**
 * The scope matrix, derived from the endpoint definitions (their `access` and `scope`), so it cannot drift: a key of
 * one scope passes the guard of exactly the endpoints of that scope's area (reads with read or write, writes with
 * write), and no key passes an endpoint without an area.
 */
let w: TwoWorkspaces;
const secrets = new Map<string, string>();
beforeAll(async () => {
  w = await twoWorkspaces();
  for (const scope of [...apiScopes, 'all']) {
    const scopes = scope === 'all' ? apiScopes : [scope];
    const created = await call(w.t.app, 'POST', `/api/settings/api-keys?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { name: scope, scopes } });
    secrets.set(scope, created.body.data.secret);
  }
});
afterAll(async () => {
  await w?.t.close();
});

/**
 * The scope guard runs on request, before validation: with a path parameter and a workspace id that are not ids, a
 * call past it stops at validation (400) and no handler runs, so the matrix stays quick.
 */
function urlOf(endpoint: Endpoint): string {
  const params = Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, 'not-an-id']));
  return `/api${fillPath(endpoint.path, params)}${endpoint.access === 'member' ? '?orgId=not-a-workspace' : ''}`;
}

/** Every key's bucket full again: the matrix makes more calls than a burst. */
const refill = () => w.t.db.execute(sql`update api_keys set bucket_tokens = 1000, bucket_at = now()`);

/** Whether the key's call got past the scope guard (anything but 403 API_KEY_SCOPE; never a 401 or 429). */
async function passes(endpoint: Endpoint, secret: string): Promise<boolean> {
  const answer = await call(w.t.app, endpoint.method, urlOf(endpoint), { token: secret, body: endpoint.method === 'GET' ? undefined : {} });
  expect([401, 429], `${endpoint.method} ${endpoint.path}`).not.toContain(answer.status);
  return !(answer.status === 403 && answer.body?.errorCode === 'API_KEY_SCOPE');
}

describe('API key scopes', () => {
  const keyed = () => contractEndpoints().filter((e) => e.access !== 'public');

  it('each scope passes exactly the endpoints of its area and level', async () => {
    const scoped = keyed().filter((e) => e.scope);
    expect(scoped.length).toBeGreaterThan(40);
    const mismatches: string[] = [];
    for (const endpoint of scoped) {
      await refill();
      const needed = requiredApiScopes(endpoint.scope!, endpoint.method);
      for (const scope of apiScopes) {
        const expected = needed.some((n) => scopeAllows([scope], n));
        if ((await passes(endpoint, secrets.get(scope)!)) !== expected) mismatches.push(`${scope} → ${endpoint.method} ${endpoint.path}: expected ${expected ? 'pass' : 'refusal'}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it('no key, even one with every scope, passes an endpoint without an area (settings, members, billing, keys, the account)', async () => {
    const passed: string[] = [];
    for (const [i, endpoint] of keyed().filter((e) => !e.scope && !e.keyAccess).entries()) {
      if (i % 100 === 0) await refill();
      if (await passes(endpoint, secrets.get('all')!)) passed.push(`${endpoint.method} ${endpoint.path}`);
    }
    expect(passed).toEqual([]);
  }, 240_000);

  it('every key, of any one scope, passes the endpoints open to any key (the calling key, REST hooks: they check the scope themselves)', async () => {
    const open = keyed().filter((e) => e.keyAccess === 'any');
    expect(open.map((e) => `${e.method} ${e.path}`).sort()).toEqual(['DELETE /hooks/:id', 'GET /api-keys/current', 'GET /hooks/latest', 'POST /hooks']);
    await refill();
    const refused = [];
    for (const endpoint of open) for (const scope of apiScopes) if (!(await passes(endpoint, secrets.get(scope)!))) refused.push(`${scope} → ${endpoint.method} ${endpoint.path}`);
    expect(refused).toEqual([]);
  });
});
