import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the running server's files are. The same code runs from its TypeScript sources through tsx (vitest,
 * `npm run dev`, this file at apps/server/src/platform/) and from the bundle `npm run build` writes
 * (apps/server/build.ts: every module inlined into apps/server/dist/*.mjs, so `import.meta.url` names the bundle's
 * file, not the module's): paths to repository files are resolved from here, never from a module's own URL.
 */
const here = fileURLToPath(import.meta.url);

/** True when running the bundle (`npm run serve`), false when running the sources. */
export const runsBundled = !here.endsWith('.ts');

/** The directory of the running code's files: the bundle's directory, or apps/server/src. */
const codeDir = runsBundled ? path.dirname(here) : path.resolve(path.dirname(here), '..');

/** apps/server: the nearest directory holding a package.json, above the sources and the bundle alike. */
export const serverRoot = nearestPackageDir(codeDir);

/** The repository's root (apps/web/dist is served from under it). */
export const repoRoot = path.resolve(serverRoot, '../..');

/**
 * A file the server loads by path at run time (a worker thread's entry): `source` relative to apps/server/src when
 * running the sources, `bundled` relative to the bundle's directory when running the bundle.
 */
export function codeFile(source: string, bundled: string): URL {
  return pathToFileURL(path.join(codeDir, runsBundled ? bundled : source));
}

function nearestPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
