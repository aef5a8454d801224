import { describe, expect, it } from 'vitest';
import { imagePixelSize, lineRichMenuAreasOutside, lineRichMenuImageProblems, lineRichMenuLayoutBounds } from './line-rich-menu.ts';

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

/** SOI, an APP0 segment, then SOF2 (progressive) with the size. */
function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc2, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

describe('rich menu rules (LINE: JPEG/PNG, 800–2500 wide, ≥ 250 high, ratio ≥ 1.45, ≤ 1 MB)', () => {
  it('reads the pixel size of a PNG and a JPEG from their headers', () => {
    expect(imagePixelSize(png(2500, 1686))).toEqual({ mimeType: 'image/png', width: 2500, height: 1686 });
    expect(imagePixelSize(jpeg(1200, 810))).toEqual({ mimeType: 'image/jpeg', width: 1200, height: 810 });
    expect(imagePixelSize(new TextEncoder().encode('GIF89a……'))).toBeNull();
    expect(imagePixelSize(new Uint8Array([0xff, 0xd8, 0x00]))).toBeNull();
  });

  it('takes the sizes LINE suggests and refuses what LINE refuses', () => {
    const ok = (width: number, height: number, bytes = 500_000, mimeType = 'image/png') => lineRichMenuImageProblems({ mimeType, bytes, width, height });
    for (const [w, h] of [[2500, 1686], [2500, 843], [1200, 810], [1200, 405], [800, 540], [800, 270]] as const) expect(ok(w, h)).toEqual([]);
    expect(ok(2500, 1686, 1024 * 1024 + 1)).toEqual(['bytes']);
    expect(ok(799, 540)).toEqual(['width']);
    expect(ok(2501, 1686)).toEqual(['width']);
    expect(ok(800, 249)).toEqual(['height']);
    expect(ok(1000, 1000)).toEqual(['aspect']);
    expect(ok(2500, 1686, 100, 'image/gif')).toEqual(['type']);
    expect(lineRichMenuImageProblems({ mimeType: 'image/png', bytes: 10, width: null, height: null })).toEqual(['type']);
  });

  it('lays areas edge to edge over the image and finds areas outside it', () => {
    const six = lineRichMenuLayoutBounds('six', 2500, 1686);
    expect(six).toHaveLength(6);
    expect(six[0]).toEqual({ x: 0, y: 0, width: 833, height: 843 });
    expect(six[5]).toEqual({ x: 1667, y: 843, width: 833, height: 843 });
    expect(six.reduce((sum, b) => sum + b.width * b.height, 0)).toBe(2500 * 1686);
    expect(lineRichMenuAreasOutside(six.map((bounds) => ({ bounds })), 2500, 1686)).toEqual([]);
    expect(lineRichMenuAreasOutside([{ bounds: { x: 0, y: 0, width: 10, height: 10 } }, { bounds: { x: 2000, y: 0, width: 501, height: 10 } }], 2500, 843)).toEqual([1]);
  });
});
