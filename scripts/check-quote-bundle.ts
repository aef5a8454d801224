/**
 * Fails when the public quote page (/q/{token}, entry apps/web/quote.html) needs more than 60 KB of
 * gzipped JavaScript (issue 36: a customer opens it on a phone): its entry chunk and every chunk it
 * imports, statically or dynamically, per the Vite manifest of the last build. Run after `npm run build`.
 */
import { chunkFiles, gzippedSizes, kb, readManifest } from './bundle-manifest.ts';

export const quoteBundleLimitBytes = 60 * 1024;

const { sizes, total } = gzippedSizes(chunkFiles(readManifest(), ['quote.html'], { dynamic: true }));
for (const { file, gzip } of sizes) console.log(`  ${file}  ${kb(gzip)}`);
if (total > quoteBundleLimitBytes) {
  console.error(`quote page bundle: ${kb(total)} of gzipped JavaScript, over the ${kb(quoteBundleLimitBytes)} limit`);
  process.exit(1);
}
console.log(`quote page bundle: ${kb(total)} of gzipped JavaScript (limit ${kb(quoteBundleLimitBytes)})`);
