/**
 * Fails when the public booking page (/book/{idName}, entry apps/web/book.html) needs more than 120 KB of
 * gzipped JavaScript: the entry chunk and every chunk it imports, statically or dynamically, per the Vite
 * manifest of the last build. Run after `npm run build` (test:e2e does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const bookBundleLimitBytes = 120 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

export function bookChunks(manifest: Record<string, ManifestChunk>, entry = 'book.html'): string[] {
  if (!manifest[entry]) throw new Error(`${entry} is not an entry of the build (see apps/web/vite.config.ts)`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
let manifest: Record<string, ManifestChunk>;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
} catch {
  console.error('No build manifest in apps/web/dist/.vite: run `npm run build` first.');
  process.exit(1);
}
const sizes = bookChunks(manifest).map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const { file, gzip } of sizes) console.log(`  ${file}  ${kb(gzip)}`);
if (total > bookBundleLimitBytes) {
  console.error(`booking page bundle: ${kb(total)} of gzipped JavaScript, over the ${kb(bookBundleLimitBytes)} limit`);
  process.exit(1);
}
console.log(`booking page bundle: ${kb(total)} of gzipped JavaScript (limit ${kb(bookBundleLimitBytes)})`);
