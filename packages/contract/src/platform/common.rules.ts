/**
 * Rules every context uses: real dates, the exact-total limit.
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. common.ts re-exports them and keeps the schemas.
 */

/** YYYY-MM-DD that is a real calendar date (docs/product.md#validation: errorDateFormat). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const exactTotalLimit = 1000;
