import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its extra round of headers. */
const minBytes = 1024;

export async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < minBytes) return;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: 9 }),
  ]);
  // The server (apps/server/src/platform/static-files.ts) picks the copy the browser accepts.
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes name.br and name.gz beside every text file of the build, once at build time, so the server sends
 * compressed files without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lodestar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(files.map((name) => precompressFile(join(outDir, name))));
    },
  };
}
