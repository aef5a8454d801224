import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';

/**
 * The official account's rich menu (docs/product.md#line-channel, issue 32 part 6): an image with tap areas that LINE
 * shows under the chat. LINE's rules for the image (Messaging API, "Rich menu image requirements"): JPEG or PNG,
 * 800–2500 px wide, at least 250 px high, width ÷ height at least 1.45, at most 1 MB; at most 20 areas, each inside
 * the image; the chat bar text at most 14 characters. Checked here so the web says so before the upload and the
 * server before calling LINE.
 */
export const lineRichMenuRules = {
  minWidth: 800,
  maxWidth: 2500,
  minHeight: 250,
  minAspect: 1.45,
  maxBytes: 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png'] as readonly string[],
  maxAreas: 20,
  chatBarTextMax: 14,
} as const;

/** The sizes LINE Official Account Manager offers (large and compact menus); any size inside the rules works. */
export const lineRichMenuSuggestedSizes = [
  { width: 2500, height: 1686 },
  { width: 2500, height: 843 },
  { width: 1200, height: 810 },
  { width: 1200, height: 405 },
  { width: 800, height: 540 },
  { width: 800, height: 270 },
] as const;

/** What a tap does: the public booking page, a member's public business card, a message the friend sends, a web page. */
export const lineRichMenuActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('booking') }),
  z.object({ kind: z.literal('card'), userId: uuidSchema }),
  z.object({ kind: z.literal('message'), text: z.string().trim().min(1).max(300) }),
  z.object({ kind: z.literal('uri'), uri: z.string().trim().max(1000).regex(/^(https?:\/\/|tel:)/i, 'invalidUrl') }),
]);
export type LineRichMenuAction = z.infer<typeof lineRichMenuActionSchema>;

export const lineRichMenuBoundsSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type LineRichMenuBounds = z.infer<typeof lineRichMenuBoundsSchema>;

export const lineRichMenuAreaSchema = z.object({
  bounds: lineRichMenuBoundsSchema,
  /** Read by screen readers on LINE (the action's label, 1–20 characters). */
  label: z.string().trim().min(1).max(20),
  action: lineRichMenuActionSchema,
});
export type LineRichMenuArea = z.infer<typeof lineRichMenuAreaSchema>;

/** The form field `menu` (JSON) of POST /api/channel/line/rich-menu; the image is the file field `image`. */
export const lineRichMenuBodySchema = z.object({
  chatBarText: z.string().trim().min(1).max(lineRichMenuRules.chatBarTextMax),
  areas: z.array(lineRichMenuAreaSchema).min(1).max(lineRichMenuRules.maxAreas),
});
export type LineRichMenuBody = z.infer<typeof lineRichMenuBodySchema>;

export const lineRichMenuSchema = z.object({
  /** LINE's id of the menu set as the account's default. */
  richMenuId: z.string(),
  chatBarText: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  imageUrl: z.string().nullable(),
  areas: z.array(lineRichMenuAreaSchema.extend({ /** Where the tap leads (booking and card resolved when published). */ target: z.string() })),
  publishedAt: z.string(),
  publishedByUserId: z.string().nullable(),
});
export type LineRichMenu = z.infer<typeof lineRichMenuSchema>;

/** The settings page: the published menu (or null) and what the areas can link to. */
export const lineRichMenuViewSchema = z.object({
  menu: lineRichMenuSchema.nullable(),
  /** The public booking page, or null when the business is not public. */
  bookingUrl: z.string().nullable(),
  /** Members whose business card is public. */
  cards: z.array(z.object({ userId: z.string(), name: z.string(), url: z.string() })),
});
export type LineRichMenuView = z.infer<typeof lineRichMenuViewSchema>;

export const lineRichMenuLayouts = ['one', 'two', 'three', 'four', 'six'] as const;
export type LineRichMenuLayout = (typeof lineRichMenuLayouts)[number];

/** The areas of a ready-made layout (columns × rows) over an image of this size, edge to edge, no gaps. */
export function lineRichMenuLayoutBounds(layout: LineRichMenuLayout, width: number, height: number): LineRichMenuBounds[] {
  const [columns, rows] = ({ one: [1, 1], two: [2, 1], three: [3, 1], four: [2, 2], six: [3, 2] } as const)[layout];
  const edges = (size: number, parts: number) => Array.from({ length: parts + 1 }, (_, i) => Math.round((size * i) / parts));
  const xs = edges(width, columns);
  const ys = edges(height, rows);
  const bounds: LineRichMenuBounds[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      bounds.push({ x: xs[column]!, y: ys[row]!, width: xs[column + 1]! - xs[column]!, height: ys[row + 1]! - ys[row]! });
    }
  }
  return bounds;
}

export interface ImageFacts {
  mimeType: string;
  bytes: number;
  /** null when the bytes are not a PNG or JPEG whose size could be read. */
  width: number | null;
  height: number | null;
}

/** The rules the image breaks (empty: LINE will take it). */
export function lineRichMenuImageProblems(image: ImageFacts): ('type' | 'bytes' | 'width' | 'height' | 'aspect')[] {
  const rules = lineRichMenuRules;
  const problems: ('type' | 'bytes' | 'width' | 'height' | 'aspect')[] = [];
  if (!rules.mimeTypes.includes(image.mimeType) || image.width === null || image.height === null) problems.push('type');
  if (image.bytes > rules.maxBytes) problems.push('bytes');
  if (image.width !== null && image.height !== null) {
    if (image.width < rules.minWidth || image.width > rules.maxWidth) problems.push('width');
    if (image.height < rules.minHeight) problems.push('height');
    if (image.width / image.height < rules.minAspect) problems.push('aspect');
  }
  return problems;
}

/** Indexes of the areas that do not lie wholly inside the image. */
export function lineRichMenuAreasOutside(areas: { bounds: LineRichMenuBounds }[], width: number, height: number): number[] {
  return areas.flatMap(({ bounds: b }, index) => (b.x + b.width > width || b.y + b.height > height ? [index] : []));
}

/**
 * A PNG's or JPEG's pixel size from its header (PNG: IHDR; JPEG: the first SOF marker), or null for anything else —
 * the same reading on the server (the upload's bytes) and in the browser (the chosen file).
 */
export function imagePixelSize(data: Uint8Array): { mimeType: 'image/png' | 'image/jpeg'; width: number; height: number } | null {
  const u32 = (at: number) => ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;
  const u16 = (at: number) => (data[at]! << 8) | data[at + 1]!;
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 24 && pngSignature.every((byte, i) => data[i] === byte) && String.fromCharCode(...data.subarray(12, 16)) === 'IHDR') {
    return { mimeType: 'image/png', width: u32(16), height: u32(20) };
  }
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mimeType: 'image/jpeg', width: u16(at + 7), height: u16(at + 5) };
    }
    at += 2 + u16(at + 2);
  }
  return null;
}
