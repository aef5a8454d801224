import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL expressions joined with spaces, nulls as empty: for generated search columns, which need
 * immutable expressions (concat_ws is only stable, so it cannot be used there).
 */
export function joinedText(...expressions: string[]): SQL {
  return sql.raw(expressions.map((e) => `coalesce(${e}, '')`).join(` || ' ' || `));
}

/**
 * GIN indexes without the pending list: a bulk insert otherwise leaves entries that every search scans
 * linearly until the next vacuum (measured at 100k contacts: 2-character CJK search 40 ms instead of 0.3 ms).
 */
export const ginOptions = { fastupdate: 'off' };

/**
 * GIN indexes of a table written in bulk (contacts: imports): new entries go to a pending list capped at 64 kB
 * (the smallest limit) and are merged into the index sorted, in batches, instead of one index descent per
 * trigram per row — 3× faster inserts measured on PostgreSQL, 2× on PGlite; a search reads at most that 64 kB
 * list besides the index, so the slow search the pending list caused at its default 4 MB cannot come back.
 */
export const bulkGinOptions = { fastupdate: 'on', gin_pending_list_limit: 64 };

const cjkPair = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]{2}$/;

/** The CJK bigrams of a text, as lodestar_bigrams() computes them in SQL (migration 0002; PL/pgSQL since 0024). */
export function cjkBigrams(text: string): string[] {
  const chars = [...text.toLowerCase()];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i]! + chars[i + 1]!;
    if (cjkPair.test(gram)) grams.add(gram);
  }
  return [...grams];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A keyword against a generated search_text / search_bigrams pair. CJK keywords of 2+ characters go
 * through the bigram GIN index (all bigrams contained), then LIKE rechecks adjacency; others use
 * LIKE on search_text, which the pg_trgm GIN index serves from 3 characters. A phone-looking keyword
 * is matched by its digits (search_text also holds phones as digits only).
 */
export function keywordMatch(searchText: AnyPgColumn, searchBigrams: AnyPgColumn, keyword: string): SQL {
  let text = keyword.trim().toLowerCase();
  if (/^[0-9+\-() .]+$/.test(text) && /\d/.test(text)) text = text.replace(/[^0-9]/g, '');
  const like = sql`${searchText} like ${`%${escapeLike(text)}%`}`;
  const grams = cjkBigrams(text);
  if (grams.length === 0) return like;
  return sql`${searchBigrams} @> ${textArray(grams)} and ${like}`;
}

/** A text[] literal from parameters (drizzle would otherwise expand an array into a list). */
export function textArray(values: string[]): SQL {
  return sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
}

/**
 * Ids as one uuid[] parameter (`= any(…)`): a list of a hundred ids costs drizzle a parameter each to build
 * (uuidArray, inArray), measured at a calendar month's 174 repeating schedules.
 */
export function uuidList(ids: string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

export function uuidArray(values: string[]): SQL {
  return sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::uuid[]`;
}
