/**
 * Money travels as a decimal string with at most 2 decimals ("1234.5", "1234.50") and is stored as numeric(14,2):
 * never a float. Sums are done in integer cents (BigInt) so they stay exact.
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. money.ts re-exports them and keeps the schemas.
 */

export const moneyPattern = /^\d{1,12}(\.\d{1,2})?$/;
export type Money = string;

export function moneyToCents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

export function centsToMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Σ price × num, exact. */
export function sumLines(lines: { price: string; num: number }[]): string {
  return centsToMoney(lines.reduce((total, line) => total + moneyToCents(line.price) * BigInt(line.num), 0n));
}
