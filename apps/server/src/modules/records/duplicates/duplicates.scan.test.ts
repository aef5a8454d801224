import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signedInOwner, type TestUser } from '../../../test/factories.ts';
import { crmFixture } from '../../../test/records.ts';
import * as repository from './duplicates.repository.ts';
import { followEvents, keysOf, scanWorkspace } from './duplicates.service.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };

beforeAll(async () => {
  ({ t } = await crmFixture({ DATA_DIR: `/tmp/lodestar-duplicates-scan-test-${process.pid}` }));
  owner = await signedInOwner(t.app, 'Paged scan');
});
afterAll(async () => {
  await t?.close();
});

// Ids fixed so that the pages' boundaries are known: record 6 sits in a middle page, record 11 is the last id.
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const contacts: [number, string, string, string | null, string | null][] = [
  [1, 'Amy', 'Lin', '0912-345-678', null],
  [2, 'Amy', 'Lin', '+886 912 345 678', null],
  [3, 'Bo', 'Wu', null, 'bo@example.com'],
  [4, 'Bob', 'Wu', null, 'BO@example.com'],
  [5, '大文', '陳', null, null],
  [6, '大文', '陈', null, null],
  [7, '大文', '陳', null, null],
  [8, 'Cy', 'Ho', '0922-000-111', null],
  [9, 'Cy', 'Ho', '0922000111', null],
  [10, 'Di', 'Ma', null, 'di@example.com'],
  [11, 'Di', 'Ma', null, 'di@example.com'],
];

const keys = async () =>
  queryRows<repository.KeyRow>(
    t.db,
    sql`select record_id as "recordId", key_type as "keyType", key from record_match_keys
        where org_id = ${owner.orgId} and kind = 'contact' order by record_id, key_type, key`,
  );
const pairs = async () =>
  queryRows<{ a: string; b: string; score: number; reasons: string[]; dismissed: boolean }>(
    t.db,
    sql`select record_a as a, record_b as b, score, reasons, dismissed_at is not null as dismissed from duplicate_pairs
        where org_id = ${owner.orgId} and kind = 'contact' order by record_a, record_b`,
  );

const sorted = (rows: repository.KeyRow[]) => rows.map((r) => `${r.recordId} ${r.keyType} ${r.key}`).sort();

describe('the full scan, page by page', () => {
  it('ends with the keys and pairs of a one-shot rebuild, in many short transactions', async () => {
    for (const [n, firstName, lastName, phone, email] of contacts) {
      await t.db.execute(sql`insert into contacts (id, org_id, first_name, last_name, phones, emails, owner_user_id)
        values (${id(n)}, ${owner.orgId}, ${firstName}, ${lastName},
          ${JSON.stringify(phone ? [{ type: 'mobile', value: phone }] : [])}::jsonb, ${JSON.stringify(email ? [{ value: email }] : [])}::jsonb, ${owner.user.id})`);
    }
    await scanWorkspace(t.db, owner.orgId, 'contact');
    expect((await pairs()).map((p) => [p.a, p.b])).toContainEqual([id(10), id(11)]);
    // Since that scan: a pair dismissed, two records gone to the trash (the follower has not run), a stray key.
    await t.db.execute(sql`update duplicate_pairs set dismissed_at = now() where org_id = ${owner.orgId} and record_a = ${id(8)} and record_b = ${id(9)}`);
    await t.db.execute(sql`update contacts set deleted_at = now() where id in (${id(6)}, ${id(11)})`);
    await repository.insertKeys(t.db, owner.orgId, 'contact', [{ recordId: id(3), keyType: 'phone', key: '+886999999999' }]);

    const order: string[] = [];
    const transaction = t.db.transaction.bind(t.db);
    const spy = vi.spyOn(t.db, 'transaction').mockImplementation((...args) => {
      order.push('transaction');
      return transaction(...args);
    });
    try {
      const scan = scanWorkspace(t.db, owner.orgId, 'contact', { pageSize: 3 });
      // A request arriving while the scan runs (a timer, as a socket's data would): on PGlite (one connection, in this
      // process) it runs between two of the scan's transactions, where one transaction made it wait for the whole scan.
      const other = new Promise((resolve) => setTimeout(resolve, 1)).then(async () => {
        await queryRows(t.db, sql`select 1`);
        order.push('other query');
      });
      expect(await scan).toBe(9);
      await other;
    } finally {
      spy.mockRestore();
    }
    // 9 live records, 3 a page: 3 pages and the empty last one's sweep, for the keys and again for the pairs.
    expect(order.filter((step) => step === 'transaction')).toHaveLength(8);
    expect(order.indexOf('other query')).toBeLessThan(order.length - 1);

    const live = await repository.keySources(t.db, owner.orgId, 'contact', { limit: 100 });
    expect(sorted(await keys())).toEqual(sorted(live.flatMap((s) => keysOf('contact', s))));
    expect(new Set((await keys()).map((k) => k.recordId))).toEqual(new Set([1, 2, 3, 4, 5, 7, 8, 9, 10].map(id)));
    expect(await pairs()).toEqual([
      { a: id(1), b: id(2), score: 80, reasons: ['name', 'phone'], dismissed: false },
      { a: id(3), b: id(4), score: 50, reasons: ['email'], dismissed: false },
      { a: id(5), b: id(7), score: 30, reasons: ['name'], dismissed: false },
      { a: id(8), b: id(9), score: 80, reasons: ['name', 'phone'], dismissed: true },
    ]);
  });

  it('ends between two pages when the server stops', async () => {
    const stopping = new AbortController();
    const transaction = t.db.transaction.bind(t.db);
    let transactions = 0;
    const spy = vi.spyOn(t.db, 'transaction').mockImplementation((...args) => {
      if (++transactions === 2) stopping.abort();
      return transaction(...args);
    });
    try {
      await expect(scanWorkspace(t.db, owner.orgId, 'contact', { pageSize: 3, signal: stopping.signal })).rejects.toThrow(/abort/i);
    } finally {
      spy.mockRestore();
    }
    // The page under way when the stop came was finished, no other started.
    expect(transactions).toBe(2);
  });

  it('clears a workspace left with no records', async () => {
    await t.db.execute(sql`update contacts set deleted_at = now() where org_id = ${owner.orgId}`);
    expect(await scanWorkspace(t.db, owner.orgId, 'contact', { pageSize: 3 })).toBe(0);
    expect(await keys()).toEqual([]);
    expect((await pairs()).map((p) => p.dismissed)).toEqual([true]);
  });
});

describe('following the outbox', () => {
  it('reads at most its batches a run, and the next run goes on from there', async () => {
    // A backlog past two batches of 500 (an import's events): records that are not there any more, as after a purge.
    await t.db.execute(sql`
      insert into events (org_id, type, actor, record_kind, record_id, data)
      select ${owner.orgId}::uuid, 'contact.created', '{}', 'contact', gen_random_uuid(), '{"record":{}}'::jsonb
      from generate_series(1, 1001)`);
    // The outbox hands out only events older than every running transaction: on a PostgreSQL server that other test
    // files share, one of theirs may still be open — wait until it ended, so that each batch is full.
    await expect
      .poll(async () => (await queryRows<{ ready: boolean }>(t.db, sql`select bool_and(xid < pg_snapshot_xmin(pg_current_snapshot())) as ready from events`))[0]?.ready, { timeout: 30_000, interval: 100 })
      .toBe(true);
    expect(await followEvents(t.db, 2)).toBe(1000);
    expect(await followEvents(t.db, 2)).toBeGreaterThanOrEqual(1);
    expect(await followEvents(t.db, 2)).toBe(0);
  });
});
