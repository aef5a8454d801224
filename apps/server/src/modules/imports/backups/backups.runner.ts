import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import { backupKeepDays, backupTables, type BackupManifest } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import * as filesModule from '../../access/files/files.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as backupsRepository from './backups.repository.ts';
import { restoreArchive } from './restore.ts';

/**
 * The backup job (docs/product.md#backup): claims a running backup with a lease, writes each table of
 * contract backupTables (and then the stored files) to its part directory, one part at a time, each marked done in
 * backup_parts right after its file is complete — a restart continues with the next part, never writing one twice into
 * the archive. The last step zips the parts with a manifest. A restore runs whole in one transaction (restore.ts).
 */
const leaseSeconds = 60;
const pageRows = 10_000;

export const partsDir = (dataDir: string, id: string) => path.join(dataDir, 'backups', id);
export const archivePath = (id: string) => path.join('backups', `${id}.zip`);

/** Steps of a backup: one per table, then the files, then the archive. */
export const backupSteps = backupTables.length + 2;

async function writeTable(db: Db, dataDir: string, backup: backupsRepository.BackupRow, table: (typeof backupTables)[number]): Promise<number> {
  const contact = backup.kind === 'contact' ? (table.contact ? { scope: table.contact, id: backup.contactId! } : undefined) : undefined;
  const file = path.join(partsDir(dataDir, backup.id), 'tables', `${table.name}.json`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const out = await fs.open(file, 'w');
  let rows = 0;
  try {
    if (backup.kind === 'contact' && !table.contact) {
      await out.write('[]\n');
      return rows;
    }
    const columns = await backupsRepository.storedColumns(db, table.name);
    await out.write('[');
    let after: string | number | undefined;
    for (;;) {
      const page = await backupsRepository.readRows(db, { table: table.name, columns, orgId: backup.orgId, contact, after, limit: pageRows });
      if (page.json) await out.write(`${rows > 0 ? ',' : ''}\n${page.json}`);
      rows += page.rows;
      if (!columns.includes('id') || page.rows < pageRows) break;
      after = page.last!;
    }
    await out.write('\n]\n');
    await out.sync();
    return rows;
  } finally {
    await out.close();
  }
}

async function writeFiles(dataDir: string, backup: backupsRepository.BackupRow): Promise<number> {
  const list = JSON.parse(await fs.readFile(path.join(partsDir(dataDir, backup.id), 'tables', 'files.json'), 'utf8')) as { id: string }[];
  const dir = path.join(partsDir(dataDir, backup.id), 'files');
  await fs.mkdir(dir, { recursive: true });
  let count = 0;
  for (const { id } of list) {
    const data = await filesModule.readStoredBytes(dataDir, backup.orgId, id);
    if (!data) continue;
    await fs.writeFile(path.join(dir, id), data);
    count++;
  }
  return count;
}

async function writeArchive(db: Db, dataDir: string, backup: backupsRepository.BackupRow, parts: Map<string, number>): Promise<number> {
  const dir = partsDir(dataDir, backup.id);
  const org = await organizationsService.findOrganization(db, backup.orgId);
  const fileNames = await fs.readdir(path.join(dir, 'files')).catch(() => [] as string[]);
  const files = await Promise.all(fileNames.map(async (id) => ({ id, file: `files/${id}`, bytes: (await fs.stat(path.join(dir, 'files', id))).size })));
  const manifest: BackupManifest = {
    format: 'lodestar-backup',
    version: 1,
    kind: backup.kind === 'contact' ? 'contact' : 'workspace',
    createdAt: backup.createdAt.toISOString(),
    workspace: { id: backup.orgId, name: org?.name ?? '' },
    contactId: backup.contactId,
    tables: backupTables.map((t) => ({ name: t.name, rows: parts.get(`table:${t.name}`) ?? 0, file: `tables/${t.name}.json` })),
    files,
  };
  const target = path.join(dataDir, archivePath(backup.id));
  // Level 1: JSON still shrinks about tenfold, at a fraction of level 6's time on a 100 000-contact workspace.
  const zip = archiver('zip', { zlib: { level: 1 } });
  const written = pipeline(zip, createWriteStream(target));
  zip.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: 'manifest.json' });
  zip.directory(path.join(dir, 'tables'), 'tables');
  if (fileNames.length > 0) zip.directory(path.join(dir, 'files'), 'files');
  await zip.finalize();
  await written;
  return (await fs.stat(target)).size;
}

export interface BackupRunOptions {
  /** Tests: stop a backup after that many parts, as a crash would. */
  stopAfter?: number;
  /** Tests (kill -9): called after each part is marked, and after each table a restore wrote. */
  afterStep?: (step: string) => Promise<void> | void;
}

/** One backup to its end (or until `stopAfter` parts, a crash in tests). */
async function runBackup(db: Db, dataDir: string, backup: backupsRepository.BackupRow, options: BackupRunOptions): Promise<void> {
  const done = await backupsRepository.doneParts(db, backup.id);
  let steps = 0;
  const step = async (part: string, work: () => Promise<number>) => {
    if (done.has(part)) return;
    if (options.stopAfter !== undefined && steps++ >= options.stopAfter) throw new Error('stopped (test)');
    const rows = await work();
    // The marker and the progress together: a kill between them would leave the progress short of the parts.
    await db.transaction(async (tx) => {
      await backupsRepository.markPart(tx, backup.id, part, rows);
      await backupsRepository.renewLease(tx, backup.id, leaseSeconds);
    });
    done.set(part, rows);
    await options.afterStep?.(part);
  };
  for (const table of backupTables) await step(`table:${table.name}`, () => writeTable(db, dataDir, backup, table));
  await step('files', () => writeFiles(dataDir, backup));
  // The archive is written whole by the run that finishes (a crash while zipping zips again); its marker and the done
  // state in one transaction, so a kill between them cannot leave a marker that the next run would write twice.
  const bytes = await writeArchive(db, dataDir, backup, done);
  await db.transaction(async (tx) => {
    await backupsRepository.markPart(tx, backup.id, 'archive', 0);
    await backupsRepository.updateBackup(tx, backup.id, { state: 'done', filePath: archivePath(backup.id), fileBytes: bytes, finishedAt: new Date(), lockedUntil: null });
  });
  await fs.rm(partsDir(dataDir, backup.id), { recursive: true, force: true });
}

/** Runs every claimable backup and restore. */
export async function runBackups(db: Db, dataDir: string, options: BackupRunOptions = {}): Promise<void> {
  for (;;) {
    const job = await backupsRepository.claimRunning(db, leaseSeconds);
    if (!job) return;
    try {
      if (job.kind === 'restore') await restoreArchive(db, dataDir, job, options.afterStep);
      else await runBackup(db, dataDir, job, options);
    } catch (error) {
      if (options.stopAfter !== undefined) return;
      // A job that keeps failing stops after three tries, with its reason.
      const code = (error as { code?: string }).code;
      const failed = job.attempts >= 3 || code === 'BACKUP_ARCHIVE_UNREADABLE';
      await backupsRepository.updateBackup(db, job.id, failed ? { state: 'failed', errorCode: code ?? 'INTERNAL', finishedAt: new Date(), lockedUntil: null } : { lockedUntil: null });
      // A failed backup's part files are of no use (a failed restore keeps its upload until it expires).
      if (failed && job.kind !== 'restore') await fs.rm(partsDir(dataDir, job.id), { recursive: true, force: true });
      if (!failed) throw error;
    }
  }
}

/**
 * Removes archives kept longer than backupKeepDays (docs/product.md#backup): a backup's zip (the job is then
 * `expired`, still listed, no download) and a restore's upload (the job keeps its state). The file goes first, then
 * the row: a kill between them leaves a row whose file is already gone, and the next run clears it.
 */
export async function expireBackups(db: Db, dataDir: string, days = backupKeepDays): Promise<number> {
  let removed = 0;
  for (;;) {
    const jobs = await backupsRepository.expiredJobs(db, days, 100);
    for (const job of jobs) {
      await fs.rm(path.join(dataDir, job.filePath!), { force: true });
      await backupsRepository.updateBackup(db, job.id, job.state === 'done' && job.kind !== 'restore' ? { state: 'expired', filePath: null } : { filePath: null });
    }
    removed += jobs.length;
    if (jobs.length < 100) return removed;
  }
}

/** Registered by server.ts: continue backups and restores after a restart; remove archives past their keeping. */
export function backupsJobs(dataDir: string): JobDefinition[] {
  return [
    { name: 'backups.run', intervalMs: 10_000, leaseSeconds: 120, run: (db) => runBackups(db, dataDir) },
    { name: 'backups.expire', intervalMs: 3_600_000, leaseSeconds: 300, run: async (db) => void (await expireBackups(db, dataDir)) },
  ];
}
