import { z } from 'zod';
import { isTaiwanTaxId } from '../platform/tax-id.ts';

/**
 * docs/product.md#validation: the checks on a company's tax ID (統一編號), web address and e-mail, shared by the
 * server's body schema and the web form's rules so both answer alike.
 */

// The checksum lives in platform/ so billing (below records) checks an invoice buyer's 統一編號 with the same rule.
export { isTaiwanTaxId };

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
