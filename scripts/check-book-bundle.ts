/**
 * Fails when the public booking page (/book/{idName}, entry apps/web/book.html) needs more than 120 KB of
 * gzipped JavaScript: the entry chunk and every chunk it imports, statically or dynamically, per the Vite
 * manifest of the last build. Run after `npm run build` (test:e2e does).
 */
import { chunkFiles, gzippedSizes, kb, readManifest, type Manifest } from './bundle-manifest.ts';

export const bookBundleLimitBytes = 120 * 1024;

export function bookChunks(manifest: Manifest, entry = 'book.html'): string[] {
  if (!manifest[entry]) throw new Error(`${entry} is not an entry of the build (see apps/web/vite.config.ts)`);
  return chunkFiles(manifest, [entry], { dynamic: true });
}

const { sizes, total } = gzippedSizes(bookChunks(readManifest()));
for (const { file, gzip } of sizes) console.log(`  ${file}  ${kb(gzip)}`);
if (total > bookBundleLimitBytes) {
  console.error(`booking page bundle: ${kb(total)} of gzipped JavaScript, over the ${kb(bookBundleLimitBytes)} limit`);
  process.exit(1);
}
console.log(`booking page bundle: ${kb(total)} of gzipped JavaScript (limit ${kb(bookBundleLimitBytes)})`);
