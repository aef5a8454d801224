import { describe, expect, it } from 'vitest';
import { jsonBytes } from './json-bytes.ts';

describe('jsonBytes', () => {
  it('writes exactly the bytes of JSON.stringify, whatever the items and the fields around the array', () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({
      id: `schedule:${i}`,
      title: i % 3 === 0 ? `拜訪客戶 ${i} "引號" \\ \n` : `Weekly sync ${i}`,
      emoji: i % 7 === 0 ? '😀 \ud800 lone' : null,
      at: new Date(Date.UTC(2026, 2, 1 + (i % 28))),
      skipped: undefined,
    }));
    const cases = [
      { items },
      { before: 'x', items: [], after: { n: 1, s: '中' } },
      { items: [undefined, null, 1, 'a', [2]] as unknown[] },
      // Past the reused 1 MB buffer: it grows, and the next call starts from the kept one.
      { items: ['x'.repeat(400_000), '中'.repeat(300_000)] },
      { items },
    ];
    for (const value of cases) expect(jsonBytes(value, 'items').equals(Buffer.from(JSON.stringify(value)))).toBe(true);
    // Inside an envelope, as the read cache sends it.
    const enveloped = jsonBytes({ items }, 'items', ['{"data":', ',"end":1}']);
    expect(enveloped.equals(Buffer.from(JSON.stringify({ data: { items }, end: 1 })))).toBe(true);
  });
});
