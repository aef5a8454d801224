/** Reading the web build's Vite manifest (apps/web/dist/.vite/manifest.json) for the bundle checks. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const webDist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');

/**
 * The JavaScript files loaded for these manifest keys: each chunk and what it imports statically, and with
 * `dynamic` also what it imports on demand.
 */
export function chunkFiles(manifest: Manifest, keys: string[], { dynamic }: { dynamic: boolean }): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key} (see apps/web/vite.config.ts)`);
    for (const next of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])]) visit(next);
  };
  // A dependency's key depends on where node_modules is: match it by its ending.
  for (const key of keys) visit(manifest[key] ? key : (Object.keys(manifest).find((candidate) => candidate.endsWith(`/${key}`)) ?? key));
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

export function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    console.error('No build manifest in apps/web/dist/.vite: run `npm run build` first.');
    process.exit(1);
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Gzipped size of each file (level 9, as the build's .gz copies) and their total. */
export function gzippedSizes(files: string[]): { sizes: { file: string; gzip: number }[]; total: number } {
  const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length }));
  return { sizes, total: sizes.reduce((sum, { gzip }) => sum + gzip, 0) };
}
