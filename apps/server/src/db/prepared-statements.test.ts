import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { wrapPglite } from './client.ts';
import { queryRows } from './paging.ts';
import { maxPrepared, namedDespiteContainment, postgresPool, preparedAfter, statementName } from './prepared-statements.ts';

const counter = () => ({ uses: new Map<string, number>(), names: new Map<string, string>(), generation: 0 });

describe('statement names', () => {
  it('names a text from its fifth use on, the same name for the same text', () => {
    const c = counter();
    const seen = Array.from({ length: preparedAfter + 2 }, () => statementName(c, 'select $1::int'));
    expect(seen.slice(0, preparedAfter - 1)).toEqual(Array(preparedAfter - 1).fill(undefined));
    expect(seen[preparedAfter - 1]).toMatch(/^lds0_/);
    expect(new Set(seen.slice(preparedAfter - 1)).size).toBe(1);
    expect(statementName(c, 'select $1::text')).toBeUndefined();
  });

  it('names at most maxPrepared texts per process', () => {
    const c = counter();
    for (let i = 0; i < maxPrepared + 10; i++) for (let n = 0; n < preparedAfter; n++) statementName(c, `select ${i} + $1`);
    expect(c.names.size).toBe(maxPrepared);
    expect(statementName(c, `select ${maxPrepared + 5} + $1`)).toBeUndefined();
    expect(statementName(c, 'select 0 + $1')).toBeDefined();
  });

  it('never names a statement whose plan depends on a pattern or containment value', () => {
    const c = counter();
    const texts = [
      'select "id" from "contacts" where "contacts"."search_text" like $1 limit $2',
      'select "id" from "contacts" where "contacts"."search_bigrams" @> array[$1]::text[]',
      'select "id" from "deals" where "deals"."tag_ids" && $1',
    ];
    for (const text of texts) {
      const names = Array.from({ length: preparedAfter * 3 }, () => statementName(c, text));
      expect(names.every((n) => n === undefined), text).toBe(true);
    }
    // Unless its author says a generic plan fits every value (the record page's statement batch).
    const marked = `${namedDespiteContainment}${texts[1]}`;
    expect(Array.from({ length: preparedAfter }, () => statementName(c, marked)).at(-1)).toBeDefined();
  });
});

const target = inject('testDatabase');
describe.runIf(target.kind === 'postgres')('prepared statements on PostgreSQL', () => {
  it('prepares a hot statement once per connection, answers alike, and recovers when a migration changes its result type', async () => {
    if (target.kind !== 'postgres') return;
    const name = `${target.template}_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const pool = postgresPool(withDatabase(target.url, name), 1);
    try {
      await pool.query('create table probe (a int, b text)');
      await pool.query(`insert into probe values (1, 'one'), (2, 'two')`);
      const answers = [];
      for (let i = 0; i < preparedAfter + 3; i++) answers.push((await pool.query('select * from probe where a = $1', [1])).rows);
      expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([{ a: 1, b: 'one' }])]));
      const prepared = await pool.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'lds%'`);
      expect(prepared.rows.map((r) => r.statement)).toEqual(['select * from probe where a = $1']);

      // Another app server migrates: the kept plan's result type is gone. One call fails, the next prepares anew.
      await pool.query('alter table probe add column c int');
      await expect(pool.query('select * from probe where a = $1', [1])).rejects.toMatchObject({ code: '0A000' });
      for (let i = 0; i < preparedAfter; i++) await pool.query('select * from probe where a = $1', [2]);
      expect((await pool.query('select * from probe where a = $1', [2])).rows).toEqual([{ a: 2, b: 'two', c: null }]);
      const names = await pool.query<{ name: string }>(`select name from pg_prepared_statements where name like 'lds1_%'`);
      expect(names.rows).toHaveLength(1);

      // Texts without parameters (they may hold several statements) are never named.
      for (let i = 0; i < preparedAfter + 1; i++) await pool.query('select 1; select 2');
    } finally {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

describe('prepared statements on PGlite (node-postgres over its protocol adapter)', () => {
  it('prepares a hot statement once in the one session and answers alike, with the app’s result parsers', async () => {
    const database = wrapPglite(await PGlite.create());
    try {
      await database.db.execute(sql`create table probe (a int, at timestamptz, b text)`);
      await database.db.execute(sql`insert into probe values (1, '2026-11-29T01:02:03Z', 'one')`);
      const answers = [];
      for (let i = 0; i < preparedAfter + 3; i++) answers.push(await queryRows(database.db, sql`select * from probe where a = ${1}`));
      expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([{ a: 1, at: '2026-11-29 01:02:03+00', b: 'one' }])]));
      const prepared = await queryRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements where name like 'lds%'`);
      expect(prepared.map((r) => r.statement)).toEqual(['select * from probe where a = $1']);
      // A transaction holds the one connection; a failed statement inside it rolls back and frees it.
      await expect(database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (${2}, now(), 'two')`);
        await tx.execute(sql`select 1 / ${0}::int`);
      })).rejects.toThrow();
      expect(await queryRows(database.db, sql`select count(*)::int as n from probe`)).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  });
});
