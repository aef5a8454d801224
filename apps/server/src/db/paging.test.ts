import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { countStatements } from '../test/factories.ts';
import { boundedTotal } from './paging.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table paging_probe (n int not null)`);
  await t.db.execute(sql`insert into paging_probe select g from generate_series(1, 5000) g`);
  await t.db.execute(sql`analyze paging_probe`);
});
afterAll(async () => {
  await t?.close();
});

describe('boundedTotal', () => {
  it('keeps a planner estimate above the exact limit for a while: the next first page plans no EXPLAIN', async () => {
    const where = sql`n > ${0}`;
    let first: Awaited<ReturnType<typeof boundedTotal>> | undefined;
    expect(await countStatements(t.db, async () => (first = await boundedTotal(t.db, sql`paging_probe`, where)))).toBe(1);
    expect(first).toMatchObject({ totalIsEstimate: true });
    let again: Awaited<ReturnType<typeof boundedTotal>> | undefined;
    expect(await countStatements(t.db, async () => (again = await boundedTotal(t.db, sql`paging_probe`, where)))).toBe(0);
    expect(again).toEqual(first);
    // Another filter (other parameters) is its own statement.
    expect(await countStatements(t.db, () => boundedTotal(t.db, sql`paging_probe`, sql`n > ${1}`))).toBe(1);
  });

  it('counts small totals exactly every time, so a new row shows at once', async () => {
    const where = sql`n <= ${10}`;
    expect(await boundedTotal(t.db, sql`paging_probe`, where)).toEqual({ total: 10, totalIsEstimate: false });
    await t.db.execute(sql`insert into paging_probe values (0)`);
    expect(await countStatements(t.db, async () => expect(await boundedTotal(t.db, sql`paging_probe`, where)).toEqual({ total: 11, totalIsEstimate: false }))).toBe(2);
  });
});
