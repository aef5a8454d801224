/**
 * Money on screen (docs/product.md#limits): a dollar sign and thousands separators. Amounts arrive as exact
 * decimal strings ("1234567.50"); they are formatted as text, never through a float. Sums use the
 * contract's cent arithmetic (moneyToCents / sumLines).
 */
const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The one money formatter: whole dollars when there are no cents ("1200000.00" → "$1,200,000"), cents only when
 * the amount has them ("1234567.5" → "$1,234,567.50"); anything that is not a decimal string is shown as it is.
 */
export function formatMoney(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const match = decimalPattern.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = fraction.padEnd(2, '0').slice(0, 2);
  return cents === '00' ? `${sign}$${grouped}` : `${sign}$${grouped}.${cents}`;
}

/** A statistic's total (docs/product.md#limits): "$1,234" for whole dollars, "$1,234.50" when there are cents. */
export function formatTotal(amount: string | null | undefined): string {
  const text = formatMoney(amount);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** A count with thousands separators: 12345 → "12,345". */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** NT$1,490 (whole dollars: TWD has no minor unit at card gateways; charges, coupons, invoices). */
export function formatTwd(amount: number): string {
  return `NT$${amount.toLocaleString('en-US')}`;
}
