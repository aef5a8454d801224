import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd forms in jsdom take 1–3 s a test alone and several times that on a loaded CI machine (5 s, the default,
    // failed there): a hang still fails, a slow machine does not.
    testTimeout: 30_000,
  },
});
