/**
 * Tag kinds (contacts are `customer`, the product's path word) and the colours offered.
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. tags.ts re-exports them and keeps the schemas.
 */
import { defaultColor } from '../platform/constants.ts';

export const tagKinds = ['customer', 'company'] as const;
export type TagKind = (typeof tagKinds)[number];

/** The ten colours offered; #828B91 is the default (docs/product.md#fields, #limits). */
export const tagColors = [
  defaultColor, '#F5222D', '#FA8C16', '#FADB14', '#52C41A', '#13C2C2', '#1677FF', '#2F54EB', '#722ED1', '#EB2F96',
] as const;
