import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : []));

describe('endpoint tables', () => {
  // The web build turns each *.endpoints.ts module into plain data without its zod schemas (apps/web/endpoint-tables.ts):
  // a table defined beside its schemas brings zod into every page that calls one of its endpoints.
  it('are defined in *.endpoints.ts modules only', () => {
    const elsewhere = sources(root)
      .filter((file) => !file.endsWith('.endpoints.ts') && !file.endsWith('platform/endpoint.ts'))
      .filter((file) => /=\s*endpoints\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(elsewhere).toEqual([]);
  });
});
