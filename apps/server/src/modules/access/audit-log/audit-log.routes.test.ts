import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { call, type Json } from '../../../test/factories.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';
import * as auditLogService from './audit-log.service.ts';

let w: TwoWorkspaces;
beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});

const url = (path = '', query = '', orgId = w.owner.orgId) => `/api/settings/audit-log${path}?orgId=${orgId}${query}`;
const list = async (query = ''): Promise<Json[]> => {
  const answer = await call(w.t.app, 'GET', url('', query), { token: w.owner.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.items;
};

describe('access/audit-log', () => {
  it('keeps sign-ins (IP, device), failed sign-ins, API keys and trash emptying, filtered by type and member, exported as CSV', async () => {
    const headers = { 'user-agent': 'Mozilla/5.0 (Macintosh) Test' };
    expect((await call(w.t.app, 'POST', '/api/login', { body: { email: w.owner.email, password: w.owner.password }, headers })).status).toBe(200);
    expect((await call(w.t.app, 'POST', '/api/login', { body: { email: w.owner.email, password: 'wrong-password-1' }, headers })).status).toBeGreaterThanOrEqual(400);
    const key = await call(w.t.app, 'POST', `/api/settings/api-keys?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { name: 'Zapier', scopes: ['contacts:read'] } });
    expect(key.status).toBe(200);
    expect((await call(w.t.app, 'POST', `/api/trash/empty?orgId=${w.owner.orgId}`, { token: w.owner.token })).status).toBe(200);

    const all = await list();
    expect(all.map((e) => e.type)).toEqual(expect.arrayContaining(['signIn', 'signInFailed', 'apiKeyCreated', 'trashEmptied']));
    const signIn = all.find((e) => e.type === 'signIn');
    expect(signIn).toMatchObject({ actor: { id: w.owner.user.id, label: w.owner.email }, userAgent: 'Mozilla/5.0 (Macintosh) Test' });
    expect(signIn.ip).toBeTruthy();
    expect(all.find((e) => e.type === 'apiKeyCreated').target).toBe('Zapier');
    // Newest first, positions strictly decreasing.
    expect(all.map((e) => e.position)).toEqual([...all.map((e) => e.position)].sort((a, b) => b - a));

    expect((await list('&type=signInFailed')).every((e) => e.type === 'signInFailed')).toBe(true);
    expect(await list(`&userId=${w.member.user.id}`)).toEqual([]);
    expect(await list('&from=2000-01-01&to=2000-01-02')).toEqual([]);
    const paged = await call(w.t.app, 'GET', url('', '&limit=1'), { token: w.owner.token });
    expect(paged.body.data.nextBefore).toBe(paged.body.data.items[0].position);

    const csv = await w.t.app.inject({ method: 'GET', url: url('/export', '&type=apiKeyCreated'), headers: { authorization: `Bearer ${w.owner.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('apiKeyCreated');
    expect(csv.body).not.toContain('signIn,');
  });

  it('is append-only for the app itself: an UPDATE, a DELETE and a TRUNCATE all fail; the chain verifies', async () => {
    await auditLogService.audit(w.t.db, { orgId: w.owner.orgId, type: 'recordsMerged', target: 'two contacts' });
    await expect(w.t.db.execute(sql`update audit_log set target = 'x' where org_id = ${w.owner.orgId}`)).rejects.toThrow();
    await expect(w.t.db.execute(sql`delete from audit_log where org_id = ${w.owner.orgId}`)).rejects.toThrow();
    await expect(w.t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const verified = await call(w.t.app, 'GET', url('/verify'), { token: w.owner.token });
    expect(verified.body.data).toMatchObject({ valid: true, brokenAt: null });
    expect(verified.body.data.checked).toBeGreaterThan(3);
  });

  it('shows tampering (a row changed behind the triggers) at its position', async () => {
    const [row] = await queryRows<{ position: string }>(w.t.db, sql`select position from audit_log where org_id = ${w.owner.orgId} order by position limit 1 offset 1`);
    await w.t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await w.t.db.execute(sql`update audit_log set ip = '10.0.0.66' where org_id = ${w.owner.orgId} and position = ${row!.position}`);
    await w.t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    const verified = await call(w.t.app, 'GET', url('/verify'), { token: w.owner.token });
    expect(verified.body.data).toMatchObject({ valid: false, brokenAt: Number(row!.position) });
  });

  it('prunes only what is past the retention, and the chain left verifies from its new anchor', async () => {
    const orgId = w.other.orgId;
    // Three entries of two years ago, chained by hand (the trigger stamps the current time).
    await w.t.db.execute(sql`alter table audit_log disable trigger user`);
    let prev = '0'.repeat(64);
    for (const position of [1, 2, 3]) {
      await w.t.db.execute(sql`insert into audit_log (org_id, position, occurred_at, type, prev_hash) values (${orgId}, ${position}, now() - interval '730 days' + ${position} * interval '1 second', 'signIn', ${prev})`);
      const [hashed] = await queryRows<{ hash: string }>(w.t.db, sql`update audit_log a set hash = lodestar_audit_hash(a.prev_hash, a) where org_id = ${orgId} and position = ${position} returning hash`);
      prev = hashed!.hash;
    }
    await w.t.db.execute(sql`alter table audit_log enable trigger user`);
    await auditLogService.audit(w.t.db, { orgId, type: 'billingChanged' });
    const verify = () => call(w.t.app, 'GET', url('/verify', '', orgId), { token: w.other.token });
    expect((await verify()).body.data).toMatchObject({ valid: true, checked: 4 });

    expect(await auditLogService.pruneExpired(w.t.db)).toBeGreaterThanOrEqual(3);
    expect((await verify()).body.data).toMatchObject({ valid: true, checked: 1 });
  });

  it('keeps its retention per workspace (an entry itself), for administrators only; another workspace sees none of it', async () => {
    const saved = await call(w.t.app, 'PUT', url('/settings'), { token: w.owner.token, body: { retentionDays: 730 } });
    expect(saved.body.data).toEqual({ retentionDays: 730 });
    expect((await call(w.t.app, 'GET', url('/settings'), { token: w.owner.token })).body.data).toEqual({ retentionDays: 730 });
    expect((await list('&type=auditRetentionChanged'))[0].details).toEqual({ from: 365, to: 730 });
    expect((await call(w.t.app, 'PUT', url('/settings'), { token: w.owner.token, body: { retentionDays: 5 } })).status).toBe(400);
    expect((await call(w.t.app, 'GET', url(), { token: w.member.token })).status).toBe(403);
    expect((await call(w.t.app, 'GET', url(), { token: w.other.token })).status).toBe(403);
    const others = await call(w.t.app, 'GET', url('', '', w.other.orgId), { token: w.other.token });
    expect(others.body.data.items.some((e: Json) => e.type === 'apiKeyCreated')).toBe(false);
  });
});
