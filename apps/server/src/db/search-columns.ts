import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL expressions joined with spaces, nulls as empty: for generated search columns, which need
 * immutable expressions (concat_ws is only stable, so it cannot be used there).
 */
export function joinedText(...expressions: string[]): SQL {
  return sql.raw(expressions.map((e) => `coalesce(${e}, '')`).join(` || ' ' || `));
}
