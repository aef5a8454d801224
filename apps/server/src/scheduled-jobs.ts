import type { JobDefinition } from './platform/jobs.ts';
import * as trashService from './modules/records/trash/trash.service.ts';
import * as duplicatesService from './modules/records/duplicates/duplicates.service.ts';
import * as mergesService from './modules/records/merges/merges.service.ts';
import { pruneDataChanges } from './platform/read-cache.ts';
import { pruneIdempotencyKeys } from './platform/idempotency.ts';
import { pruneEvents } from './platform/events.ts';
import * as auditLogService from './modules/access/audit-log/audit-log.service.ts';

/** Every recurring job of the server (started by server.ts). */
export const scheduledJobs: JobDefinition[] = [
  // docs/product.md#states: deleted contacts and companies are gone for good after 30 days.
  { name: 'trash.purgeExpired', intervalMs: 60 * 60_000, run: (db) => trashService.purgeExpired(db) },
  // platform/read-cache.ts: change rows older than any cached answer can be.
  { name: 'readCache.prune', intervalMs: 60 * 60_000, run: (db) => pruneDataChanges(db) },
  // platform/idempotency.ts: answers kept for repeated Idempotency-Keys, past their retention.
  // platform/events.ts: the outbox keeps events for their retention (consumers are seconds behind).
  { name: 'events.prune', intervalMs: 24 * 60 * 60_000, run: (db) => pruneEvents(db) },
  // access/audit-log: entries past their workspace's retention (a whole prefix of each chain, decision 0023).
  { name: 'auditLog.prune', intervalMs: 24 * 60 * 60_000, run: (db) => auditLogService.pruneExpired(db) },
  // Possible duplicates rebuilt for every workspace (the outbox consumer keeps them current in between).
  { name: 'duplicates.scan', intervalMs: 24 * 60 * 60_000, run: (db, signal) => duplicatesService.scanAll(db, signal) },
  // A merge can be undone for 30 days; then its record goes (its merged-away records leave with the trash).
  { name: 'merges.prune', intervalMs: 24 * 60 * 60_000, run: (db) => mergesService.pruneExpired(db) },
  { name: 'idempotency.prune', intervalMs: 60 * 60_000, run: (db) => pruneIdempotencyKeys(db) },
];
