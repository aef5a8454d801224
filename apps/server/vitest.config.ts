import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated template per run; each test file loads a copy (no initdb per file).
    globalSetup: ['src/test/global-setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    // On PGlite, files share a worker's loaded modules (the app, the contract, drizzle) instead of loading them again
    // per file: 14 route files took 269 s instead of 474 s (import 16 s instead of 149 s); each file has its own
    // in-process database, and wireContexts' registrations are keyed. On PostgreSQL files stay isolated: a connection a
    // finished file left inside a transaction would hold the server's snapshot horizon (pg_snapshot_xmin) back for
    // every database, and the events outbox reads only behind it (platform/events.ts) — seen as webhooks and outbox
    // tests finding no events in the full run.
    isolate: Boolean(process.env.DATABASE_URL),
    hookTimeout: 60_000,
  },
});
