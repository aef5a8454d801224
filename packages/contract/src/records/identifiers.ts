import { z } from 'zod';

/**
 * docs/product.md#validation: the checks on a company's tax ID (統一編號), web address and e-mail, shared by the
 * server's body schema and the web form's rules so both answer alike.
 */

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

/** A web address: http(s)://host… or a bare host with a dot (example.com/path); no spaces. */
export function isWebAddress(value: string): boolean {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return false;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname) && !url.hostname.endsWith('.');
  } catch {
    return false;
  }
}

/** Optional tax ID: empty means none; otherwise 8 digits passing the checksum (message → invalidTaxId). */
export const taxIdSchema = z
  .string()
  .trim()
  .max(50)
  .refine((v) => v === '' || isTaiwanTaxId(v), { message: 'invalidTaxId' })
  .nullable()
  .optional();

/** Optional web address (message → invalidUrl). */
export const webAddressSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isWebAddress(v), { message: 'invalidUrl' })
  .nullable()
  .optional();
