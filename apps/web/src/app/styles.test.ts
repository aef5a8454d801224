import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const cssFiles = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.css'));

// A stylesheet with an unclosed block still builds: the minifier swallows every later rule into it (a merge once
// left two, and the phone navigation lost its styles). Every file must parse on its own.
describe('stylesheets', () => {
  it.each(cssFiles)('%s parses', (file) => {
    expect(() => postcss.parse(readFileSync(join(root, file), 'utf8'), { from: file })).not.toThrow();
  });
});
