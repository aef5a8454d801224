import { asc, desc, eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { countStatements } from '../test/factories.ts';
import { StatementBatch } from './statement-batch.ts';

// A probe table with every column type the record pages read, and the forms whose JSON differs from the driver's.
const probe = pgTable('batch_probe', {
  id: uuid('id').primaryKey().defaultRandom(),
  n: integer('n').notNull(),
  big: bigint('big', { mode: 'number' }),
  amount: numeric('amount', { precision: 14, scale: 2 }),
  flag: boolean('flag'),
  at: timestamp('at', { withTimezone: true }),
  local: timestamp('local'),
  day: date('day'),
  clock: time('clock'),
  doc: jsonb('doc').$type<{ a: number[] }>(),
  tags: text('tags').array(),
  refs: uuid('refs').array(),
  label: text('label'),
});
const other = pgTable('batch_probe_other', { n: integer('n').primaryKey(), name: text('name').notNull() });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table batch_probe (id uuid primary key default gen_random_uuid(), n int not null, big bigint, amount numeric(14,2),
    flag boolean, at timestamptz, local timestamp, day date, clock time, doc jsonb, tags text[], refs uuid[], label text)`);
  await t.db.execute(sql`create table batch_probe_other (n int primary key, name text not null)`);
  await t.db.execute(sql`insert into batch_probe (n, big, amount, flag, at, local, day, clock, doc, tags, refs, label) values
    (1, 9007199254740991, 100.00, true, '2026-12-07 09:00:00.123456+08', '2026-03-08 02:30:00', '2026-02-28', '09:05:00', '{"a":[1,2]}', '{x,"y z"}', array[gen_random_uuid()], '中文 "quoted" \\ text'),
    (2, null, 0.50, false, '1999-12-31 23:59:59+00', null, null, null, null, '{}', '{}', null),
    (3, -1, -12345678.90, null, null, null, '2024-02-29', '23:59:59', '[]', null, null, '')`);
  await t.db.execute(sql`insert into batch_probe_other values (1, 'one'), (3, 'three')`);
});
afterAll(async () => {
  await t?.close();
});

describe('StatementBatch', () => {
  it('answers each read exactly as running it alone would, in one statement', async () => {
    const reads = () => ({
      all: t.db.select().from(probe).orderBy(asc(probe.n)),
      joined: t.db
        .select({
          n: probe.n,
          name: other.name,
          total: sql<number>`(count(*) over ())::int`,
          amountText: sql<string>`${probe.amount}::text`,
          parsed: sql<number>`${probe.n} * 2`.mapWith(Number),
          nested: { at: probe.at, day: probe.day },
        })
        .from(probe)
        .leftJoin(other, eq(other.n, probe.n))
        .orderBy(desc(probe.n))
        .limit(2),
      none: t.db.select({ n: probe.n }).from(probe).where(eq(probe.n, -5)),
    });
    const alone = reads();
    const expected = { all: await alone.all, joined: await alone.joined, none: await alone.none };
    const batch = new StatementBatch(t.db);
    const together = reads();
    let got: typeof expected | undefined;
    const statements = await countStatements(t.db, async () => {
      const [all, joined, none] = await Promise.all([batch.rows(together.all), batch.rows(together.joined), batch.rows(together.none)]);
      got = { all, joined, none };
    });
    expect(statements).toBe(1);
    expect(got).toEqual(expected);
    expect(got!.all[0]!.amount).toBe('100.00');
    expect(got!.all[0]!.at!.toISOString()).toBe('2026-12-07T01:00:00.123Z');
  });

  it('reads plain SQL as objects, and passes a failing statement to every read of it', async () => {
    const batch = new StatementBatch(t.db);
    const [rows] = await Promise.all([batch.objects<{ n: number; label: string | null }>(sql`select n, label from batch_probe where n <= ${2} order by n`)]);
    expect(rows).toEqual([{ n: 1, label: '中文 "quoted" \\ text' }, { n: 2, label: null }]);
    const failing = Promise.all([batch.rows(t.db.select({ n: probe.n }).from(probe)), batch.objects(sql`select 1 / ${0} as x`)]);
    await expect(failing).rejects.toThrow(/Failed query/);
  });
});
