import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The SQL twin of the contract's fullName (packages/contract/src/platform/names.ts), for names read in a query
 * (owners, authors, contacts): a CJK-only name family name first with no space (王小明), others "first last".
 * Null parts read as empty; an empty name stays '' (wrap in nullif where none is wanted).
 */
export function personNameSql(first: AnyColumn | SQL, last: AnyColumn | SQL): SQL<string> {
  const f = sql`coalesce(${first}, '')`;
  const l = sql`coalesce(${last}, '')`;
  return sql<string>`(case when ${f} || ${l} ~ '^[㐀-䶿一-鿿豈-﫿぀-ヿ가-힯]+$' then ${l} || ${f} else trim(${f} || ' ' || ${l}) end)`;
}
