import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../precompress.ts';

/** `npx vite build --config bare-stack/vite.config.ts (in apps/web)`: compressed as the app's build is, into /tmp/bare-stack. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: { outDir: '/tmp/bare-stack', emptyOutDir: true },
});
