import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/build-test-app.ts';
import type { Database } from './client.ts';

/**
 * Migration 0024 rewrote the functions behind the generated search columns and the duplicate-key index as PL/pgSQL
 * loops. Stored columns and index entries were computed by the old bodies, so the new ones must give the same answers,
 * element for element and in the same order: here against the old bodies' queries, on edge cases.
 */
const cjkPair = '^[\u3400-\u4dbf\u4e00-\u9fff\u8c48-\ufaff\u3040-\u30ff\uac00-\ud7af]{2}$'; // migration 0002's class

const arrays = [
  null,
  '[]',
  '[{}]',
  '[{"value": null}]',
  '[{"value": ""}, {"value": "a"}, {"value": ""}]',
  '[{"value": "A b"}, {"type": "x"}, {"value": "c"}]',
  '[1, "x", {"value": 2}]',
  '[{"value": "(02) 2345-6789"}, {"value": "+886 912"}]',
  '[{"value": "王小明@例子.台灣", "type": "work"}]',
];
const texts = [null, '', 'a', '王', '王小', '王小明王小明 台北市 台北', 'Hello 世界 ﾊﾝ 한국어 한국 ひらがな カタカナ 𠀀𠀁 豈更', 'ＡＢＣ漢字ｘ', '王 小', '小王小王小'];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function mismatches(query: ReturnType<typeof sql>): Promise<unknown[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

describe('search-column functions (migration 0024)', () => {
  it('lodestar_json_values and lodestar_json_strings answer as the SQL bodies of migration 0002', async () => {
    const rows = await mismatches(sql`
      select x from unnest(${sql.param(arrays)}::jsonb[]) as j(x)
      where lodestar_json_values(x, 'value') is distinct from
              (select coalesce(string_agg(e ->> 'value', ' '), '') from jsonb_array_elements(coalesce(x, '[]'::jsonb)) e)
         or lodestar_json_strings(x) is distinct from
              (select coalesce(string_agg(e #>> '{}', ' '), '') from jsonb_array_elements(coalesce(x, '[]'::jsonb)) e)`);
    expect(rows).toEqual([]);
  });

  it('lodestar_bigrams answers as migration 0002, in the same order', async () => {
    const rows = await mismatches(sql`
      select t from unnest(${sql.param(texts)}::text[]) as v(t)
      where lodestar_bigrams(t) is distinct from
        (select coalesce(array_agg(distinct g), '{}'::text[])
         from (select substr(x.s, i, 2) as g
               from (select lower(coalesce(t, '')) as s) x, generate_series(1, char_length(x.s) - 1) i) grams
         where g ~ ${cjkPair})`);
    expect(rows).toEqual([]);
    const [row] = await mismatches(sql`select lodestar_bigrams('王小明王小明') as grams`);
    expect(row).toEqual({ grams: ['小明', '明王', '王小'] });
  });

  it('contact_match_keys answers as migration 0020', async () => {
    const rows = await mismatches(sql`
      select e, p from unnest(${sql.param(arrays)}::jsonb[]) as a(e), unnest(${sql.param(arrays)}::jsonb[]) as b(p)
      where contact_match_keys(e, p) is distinct from array(
        select 'email:' || (x ->> 'value') from jsonb_array_elements(coalesce(e, '[]'::jsonb)) x
        union all
        select 'phone:' || regexp_replace(x ->> 'value', '[^0-9]', '', 'g') from jsonb_array_elements(coalesce(p, '[]'::jsonb)) x)`);
    expect(rows).toEqual([]);
  });
});
