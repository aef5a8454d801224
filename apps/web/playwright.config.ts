import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3300);
export const e2eMailDir = join(tmpdir(), `lodestar-e2e-mail-${port}`);
const dataDir = join(tmpdir(), `lodestar-e2e-data-${port}`);
const smtpPort = port + 1;
/** The account the server treats as an operator in the journeys (OPERATOR_EMAILS). */
export const e2eOperatorEmail = 'operator@e2e.lodestar.test';
const repoRoot = join(import.meta.dirname, '..', '..');

/**
 * Journeys run against the real server (API + built SPA) on a fresh embedded database, or on
 * DATABASE_URL when set, with mail delivered over real SMTP to a local sink (support/mail-sink.ts).
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  // E2E_SCOPE=smoke runs only the journeys tagged @smoke (.ci/run: the full set on PGlite, the smoke set on PostgreSQL).
  ...(process.env.E2E_SCOPE === 'smoke' ? { grep: /@smoke/ } : {}),
  outputDir: join(repoRoot, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Journeys create their own users and workspaces, so files can share the one server: .ci/run uses 2 for the full set.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  // TEST_TIMINGS_DIR (set by .ci/run): also the run as JSON, so CI can print its slowest journeys.
  reporter: process.env.TEST_TIMINGS_DIR ? [['list'], ['json', { outputFile: join(process.env.TEST_TIMINGS_DIR, 'journeys.json') }]] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // A user's "reduce motion": no drawer slides and spinner turns to paint frame by frame (app/antd-providers.tsx). With
    // the binary below, phone.e2e.ts went from 256 to 182 s of CPU (191 to 124 s of wall time) on the 2-core machine.
    reducedMotion: 'reduce',
    // The app's service worker (apps/web/sw.js) serves hashed assets past page.route; journeys that stub requests need
    // it off. phone-offline.e2e.ts turns it on.
    serviceWorkers: 'block',
    // A trace snapshots the page at every step, which costs a passing journey CPU for nothing: CI (one retry) records
    // it on the retry of a failure; a run here keeps it for a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's /usr/bin/chromium is a script that adds --enable-gpu-rasterization (/etc/chromium.d/default-flags), which
      // without a GPU rasterizes through SwiftShader: the binary itself paints on the CPU for less.
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The server plus the local calendar-provider double it syncs with (calendar-sync.e2e.ts).
    command: `rm -rf ${dataDir} && node --import tsx apps/web/e2e/support/server-with-calendar-double.ts`,
    cwd: repoRoot,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // A cold start (migrations on a fresh database) on a busy 2-core machine.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // New workspaces start on Free, as in production; a journey that needs a paid plan subscribes with the
      // sandbox provider (support/journey.ts subscribeThroughApi). The billing journey moves the renewal clock
      // (dev/test-only switch, refused in production).
      BILLING_TEST_CLOCK: 'true',
      // Journeys' mail servers and provider doubles listen on 127.0.0.1 (the SSRF guard's explicit switch).
      ALLOW_PRIVATE_HOSTS: 'true',
      // The operator console's journey signs in as this account (operator.e2e.ts).
      OPERATOR_EMAILS: e2eOperatorEmail,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});

export const e2eSmtpPort = smtpPort;
