import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startJobs } from './platform/jobs.ts';
import { scheduledJobs } from './scheduled-jobs.ts';
import { calendarSyncJobs } from './modules/calendar/calendar-sync/calendar-sync.service.ts';
import { mailboxesJobs } from './modules/mail/mailboxes/mailboxes.sync.ts';
import { billingJobs } from './modules/billing/subscriptions/renewals.ts';
import { salesInvoicesJobs } from './modules/deals/sales-invoices/sales-invoices.runner.ts';
import { importThreadOf } from './modules/imports/imports/import-thread.ts';
import { importsJobs } from './modules/imports/imports/imports.runner.ts';
import { backupsJobs } from './modules/imports/backups/backups.runner.ts';
import { pdpaJobs } from './modules/imports/pdpa/pdpa.erase.ts';
import { createLineDeps } from './modules/channels/line/line.deps.ts';
import { lineJobs } from './modules/channels/line/line.webhook.ts';
import { linePushJobs } from './modules/channels/line/line.pushes.ts';
import { lineSegmentJobs } from './modules/channels/line/line.segments.ts';
import { lineWaitingJobs } from './modules/channels/line/line.waiting.ts';
import { reservationsJobs } from './modules/booking/reservations/reservations.notices.ts';
import { webhooksJobs } from './modules/access/webhooks/webhooks.delivery.ts';
import { workflowsJobs } from './modules/automation/workflows/workflows.runner.ts';
import { mailSendsJobs } from './modules/mail/mailboxes/mailboxes.sends.ts';
import { duplicatesJobs } from './modules/records/duplicates/duplicates.service.ts';
import { companyEnrichmentJobs } from './modules/records/companies/company-enrichment.service.ts';
import { deliveryDeps } from './modules/access/webhooks/webhooks.deps.ts';
import { DataDirLockedError, openDatabase, type Database } from './db/client.ts';
import { isClusterWorker, runClusterPrimary } from './platform/cluster.ts';
import { loadEncryptionKey } from './platform/secrets.ts';

const config = loadConfig();
const startedAt = Date.now();

if (config.webConcurrency > 1 && !isClusterWorker()) {
  // The primary migrates and creates the key file once, then forks the app processes (platform/cluster.ts).
  await runClusterPrimary(config.webConcurrency, async () => {
    const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, preparedStatements: config.preparedStatements, poolSize: config.poolSize, embeddedSettings: config.embeddedSettings });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    loadEncryptionKey(config);
  });
} else {
  await startAppProcess();
}

async function startAppProcess(): Promise<void> {
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, preparedStatements: config.preparedStatements, poolSize: config.poolSize, embeddedSettings: config.embeddedSettings });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Lodestar cannot start: ${error.message}`);
    } else {
      console.error('Lodestar cannot open its database:', error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.migrate();
    app = await buildApp(config, database);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error('Lodestar failed to start:', error);
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }

  // Recurring jobs (trash purge, calendar sync, subscription renewals): the schedule is stored in the jobs table and survives restarts.
  const jobs = startJobs(database.db, app.log, [...scheduledJobs, ...calendarSyncJobs(config, app.log), ...mailboxesJobs(config, app.log, app.mailer), ...billingJobs(app.billing), ...salesInvoicesJobs(app.salesInvoices), ...importsJobs(config.dataDir, importThreadOf(database.url, config)), ...backupsJobs(config.dataDir), ...pdpaJobs(config.dataDir), ...lineJobs(createLineDeps(config), app.log), ...lineWaitingJobs(app.mailer, config.publicUrl), ...reservationsJobs(app.mailer)]);

  // Webhook deliveries, LINE pushes and segment sends poll every 2 seconds (their own loop: the others' minute would delay every event).
  const webhookJobs = startJobs(database.db, app.log, [...webhooksJobs(deliveryDeps(app)), ...workflowsJobs({ blockPrivate: config.outboundHosts.blockPrivate }), ...mailSendsJobs(config, app.log, app.mailer), ...duplicatesJobs(), ...linePushJobs(createLineDeps(config), app.log), ...lineSegmentJobs(createLineDeps(config), app.log)], 2_000);

  // The registry enrichment paces its calls for up to 30 s a run: its own loop, so it delays no event delivery.
  const enrichmentJobs = startJobs(database.db, app.log, companyEnrichmentJobs({ ...config.companyRegistry, log: app.log }), 2_000);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: database.kind, mail: app.mailer.transport, startupMs: Date.now() - startedAt },
    'Lodestar started',
  );
  console.log(`Lodestar is running at http://localhost:${port}${isClusterWorker() ? ` (app process ${process.pid})` : ''}`);

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) {
      // A second Ctrl-C means "now": the lock file stays and is taken over as stale next time.
      console.error(`Received ${signal} again, exiting immediately.`);
      process.exit(1);
    }
    stopping = true;
    app!.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await jobs.stop(); // lets a running job finish
      await webhookJobs.stop();
      await enrichmentJobs.stop();
      await app!.close(); // stops accepting, waits for in-flight requests and background mail
      await database.close(); // flushes the embedded database and releases the DATA_DIR lock
      console.log('Lodestar stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('Error during shutdown:', error);
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // In a cluster Ctrl-C reaches every process of the terminal's group; the primary turns it into one SIGTERM each.
  process.on('SIGINT', () => (isClusterWorker() ? undefined : void shutdown('SIGINT')));
}
