const taxWeights = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * The Ministry of Finance checksum of a Taiwan unified business number: each digit times its weight, the digits
 * of each product added up. Since 2023 the sum must be divisible by 5 (before: by 10, which still passes). When
 * the 7th digit is 7 its product 28 counts as either 10 → 1 or 0, so the sum plus one may be divisible instead.
 */
export function isTaiwanTaxId(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    const product = Number(value[i]) * taxWeights[i]!;
    sum += Math.floor(product / 10) + (product % 10);
  }
  if (sum % 5 === 0) return true;
  return value[6] === '7' && (sum + 1) % 5 === 0;
}
