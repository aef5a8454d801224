import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { backupKeepDays, backupTables, maxImportBytes, type Backup } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as backupsRepository from './backups.repository.ts';
import { backupSteps } from './backups.runner.ts';

/**
 * Settings → Backup (system administrators): start a backup job, follow it, download its archive, restore an archive
 * into a new workspace; and a person's copy of one contact's data (the contact export privilege). The jobs run in
 * backups.runner.ts; another workspace's backup is 404, like any record.
 */
export function toBackup(row: backupsRepository.BackupRow): Backup {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    contactId: row.contactId,
    stepsDone: row.stepsDone,
    stepsTotal: row.stepsTotal,
    rowsDone: row.rowsDone,
    fileBytes: row.fileBytes,
    restoredOrgId: row.restoredOrgId,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.state === 'done' && row.kind !== 'restore' && row.finishedAt ? new Date(row.finishedAt.getTime() + backupKeepDays * 86_400_000).toISOString() : null,
  };
}

export async function listBackups(db: Db, actor: Actor): Promise<Backup[]> {
  assertSystemAdministrator(actor);
  return (await backupsRepository.listBackups(db, actor.orgId)).map(toBackup);
}

export async function startBackup(db: Db, actor: Actor): Promise<Backup> {
  assertSystemAdministrator(actor);
  return toBackup(await backupsRepository.insertBackup(db, { orgId: actor.orgId, userId: actor.userId, kind: 'workspace', stepsTotal: backupSteps }));
}

/** A person's copy of their data: the contact must be one the caller may see, and the caller may export contacts. */
export async function startPersonalData(db: Db, actor: Actor, contactId: string): Promise<Backup> {
  assertCan(actor, 'contact', 'export');
  await contactsService.assertAccessible(db, actor, contactId, 'view');
  return toBackup(await backupsRepository.insertBackup(db, { orgId: actor.orgId, userId: actor.userId, kind: 'contact', contactId, stepsTotal: backupSteps }));
}

/** Administrators see every job of the workspace; others only the person's copies they started. */
async function loadBackup(db: Db, actor: Actor, id: string) {
  const row = await backupsRepository.findBackup(db, actor.orgId, id);
  if (!row || (!actor.isSystemAdministrator && (row.kind !== 'contact' || row.userId !== actor.userId))) throw new AppError('NOT_FOUND');
  return row;
}

export async function getBackup(db: Db, actor: Actor, id: string): Promise<Backup> {
  return toBackup(await loadBackup(db, actor, id));
}

export async function backupFile(db: Db, actor: Actor, dataDir: string, id: string): Promise<{ stream: Readable; fileName: string }> {
  const row = await loadBackup(db, actor, id);
  if (row.kind === 'restore') throw new AppError('NOT_FOUND');
  if (row.state === 'expired') throw new AppError('BACKUP_EXPIRED');
  if (row.state !== 'done' || !row.filePath) throw new AppError('BACKUP_NOT_READY');
  const day = row.createdAt.toISOString().slice(0, 10);
  const fileName = row.kind === 'contact' ? `personal-data-${day}.zip` : `backup-${day}.zip`;
  return { stream: createReadStream(path.join(dataDir, row.filePath)), fileName };
}

/** Stores the uploaded archive and queues its restore (read and checked by the job: a bad archive fails it by name). */
export async function startRestore(db: Db, actor: Actor, dataDir: string, request: FastifyRequest): Promise<Backup> {
  assertSystemAdministrator(actor);
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const part = await request.file({ limits: { fileSize: maxImportBytes, files: 1 } });
  if (!part) throw fieldError('file', 'required');
  const relative = path.join('backups', `restore-${randomUUID()}.zip`);
  const absolute = path.join(dataDir, relative);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  await pipeline(part.file, createWriteStream(absolute));
  if (part.file.truncated) {
    await fs.rm(absolute, { force: true });
    throw new AppError('BODY_TOO_LARGE');
  }
  const row = await backupsRepository.insertBackup(db, { orgId: actor.orgId, userId: actor.userId, kind: 'restore', filePath: relative, stepsTotal: backupTables.length + 1 });
  return toBackup(row);
}
