/**
 * Fails when the public business card page (/card/{slug}, entry apps/web/card.html) needs more than 60 KB of
 * gzipped JavaScript (issue 16: fast on a phone over a slow network): its entry chunk and every chunk it
 * imports, statically or dynamically, per the Vite manifest of the last build. Run after `npm run build`.
 */
import { chunkFiles, gzippedSizes, kb, readManifest } from './bundle-manifest.ts';

export const cardBundleLimitBytes = 60 * 1024;

const { sizes, total } = gzippedSizes(chunkFiles(readManifest(), ['card.html'], { dynamic: true }));
for (const { file, gzip } of sizes) console.log(`  ${file}  ${kb(gzip)}`);
if (total > cardBundleLimitBytes) {
  console.error(`business card page bundle: ${kb(total)} of gzipped JavaScript, over the ${kb(cardBundleLimitBytes)} limit`);
  process.exit(1);
}
console.log(`business card page bundle: ${kb(total)} of gzipped JavaScript (limit ${kb(cardBundleLimitBytes)})`);
