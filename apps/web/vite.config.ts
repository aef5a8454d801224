import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const pureModule = /[\\/](src[\\/]features[\\/][^\\/]+[\\/][^\\/]+[\\/]index\.ts|packages[\\/]contract[\\/]src[\\/].*\.ts)$/;

/**
 * The contract's modules without zod that the staff app's entry needs (locales, constants, the router's kinds, the
 * password rule): one chunk of their own, so the entry never loads a chunk that also holds zod schemas.
 */
const contractBase = /[\\/]packages[\\/]contract[\\/]src[\\/](platform[\\/](constants|locale)|imports[\\/]import-kinds|reports[\\/]period-kinds|access[\\/]password)\.ts$/;

const root = fileURLToPath(new URL('.', import.meta.url));
/** This build's id: baked into the app and written to dist/build-id.txt, which the server announces (shared/new-version.ts). */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  root,
  plugins: [
    react(),
    precompress(),
    {
      name: 'lodestar-build-id',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'build-id.txt', source: buildId });
      },
    },
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // The manifest lets scripts/check-book-bundle.ts walk the public booking page's chunks.
    manifest: true,
    rolldownOptions: {
      // Three entries: the staff app, and the public booking (/book/{idName}) and card (/card/{slug}) pages with their own small bundles (no antd).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
        // The public business card page (/card/{slug}): likewise its own small bundle (scripts/check-card-bundle.ts).
        card: fileURLToPath(new URL('./card.html', import.meta.url)),
      },
      // Re-export barrels (a feature's index.ts) and the contract (schemas and endpoint tables, no side effects) are
      // marked pure: importing one name from them (a route list, resolveLocale) no longer drags every other export
      // (dialogs, pickers, drag-and-drop, every endpoint's schema) into the importing chunk.
      treeshake: { moduleSideEffects: (id: string) => !pureModule.test(id) },
      output: {
        codeSplitting: {
          // React alone in one chunk: without it the chunk shared by both entries also took antd, which the booking page never needs.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
            { name: 'contract-base', test: contractBase, priority: 40 },
            // The staff app's catalogs need no group: each language's two modules (src/shared/i18n/catalogs/) import
            // them eagerly, so each becomes one chunk of its own — the sign-in pages' (common and auth) and the rest.
          ],
        },
      },
    },
  },
});
