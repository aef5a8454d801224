/**
 * The server as `npm run serve` runs it: bundled ahead of time by esbuild into apps/server/dist
 * (docs/decisions/0001-server-runs-typescript-through-tsx.md), so neither the process nor an import thread loads tsx
 * or compiles TypeScript at start. `npm run build` runs this file; tests run the sources through tsx instead.
 *
 * Entries: `server.mjs` (src/server.ts) and `import-thread.mjs` (src/import-thread.task.ts, the import thread's
 * entry: modules/imports/imports/import-thread.ts). Code shared by both sits in chunks beside them, and each dynamic
 * import is a chunk of its own, so a thread loads only what its task needs. The workspace's @lodestar/contract
 * (TypeScript source) is bundled in; every other package stays external and is loaded from node_modules as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

export const serverDir = import.meta.dirname;
export const defaultOutDir = path.join(serverDir, 'dist');

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lodestar/') ? undefined : { path: args.path, external: true }));
  },
};

/** Writes the bundle to `outDir` (emptied first), which must sit under apps/server (platform/server-root.ts). */
export async function buildServer(outDir = defaultOutDir): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(serverDir, 'src/server.ts'), 'import-thread': path.join(serverDir, 'src/import-thread.task.ts') },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Stack traces name the bundle's lines; `node --enable-source-maps` maps them back to the sources.
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (process.argv[1] === import.meta.filename) {
  const started = Date.now();
  await buildServer();
  console.log(`server bundle: ${path.relative(path.join(serverDir, '../..'), defaultOutDir)} (${Date.now() - started} ms)`);
}
