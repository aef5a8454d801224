import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
/** This build's id: baked into the app and written to dist/build-id.txt, which the server announces (shared/new-version.ts). */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  root,
  plugins: [
    react(),
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
      // Two entries: the staff app, and the public booking page (/book/{idName}) with its own small bundle (no antd).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // React alone in one chunk: without it the chunk shared by both entries also took antd, which the booking page never needs.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 }],
        },
      },
    },
  },
});
