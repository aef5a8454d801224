/** The part of fontkit (pdfkit's own font engine, pinned in apps/server/package.json) the quote PDF uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font | unknown;
}
