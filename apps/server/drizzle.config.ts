import { defineConfig } from 'drizzle-kit';

// Run from the repository root (`npm run db:generate`): paths are relative to it.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/modules/**/*.table.ts', './apps/server/src/platform/*.table.ts'],
  out: './apps/server/src/db/migrations',
  casing: undefined,
});
