import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import unzipper from 'unzipper';
import { backupTables, type BackupManifest } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as filesModule from '../../access/files/files.ts';
import * as membersService from '../../access/members/members.service.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as backupsRepository from './backups.repository.ts';

/**
 * A restore: the archive's workspace as a new workspace, in one transaction (so it happens once, whole, whatever
 * crashes: a killed run rolls back and the job runs it again). Every uuid the archive's rows hold as an id — in any
 * column, array or JSON value, keys included (custom field values are keyed by the field's id) — gets a new one; the
 * sales stages' integer ids come from the sequence and the deals' stage follows them; public addresses (a booking
 * page's, a card's) get a suffix. People (users) stay who they are: a restore on this server.
 */
type Row = Record<string, unknown>;
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

function remapValue(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapValue(v, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [ids.get(k) ?? k, remapValue(v, ids)]));
  return value;
}

/** Tables in an order that inserts every referenced row first (foreign keys among the archive's tables). */
function insertOrder(names: string[], keys: { table: string; references: string }[]): string[] {
  const present = new Set(names);
  const needs = new Map(names.map((n) => [n, new Set(keys.filter((k) => k.table === n && k.references !== n && present.has(k.references)).map((k) => k.references))]));
  const order: string[] = [];
  while (order.length < names.length) {
    const ready = names.filter((n) => !order.includes(n) && [...needs.get(n)!].every((d) => order.includes(d)));
    if (ready.length === 0) throw new Error('foreign keys form a cycle');
    order.push(...ready);
  }
  return order;
}

/** A self-referencing table's rows (tags, departments): parents before their children. */
function parentsFirst(rows: Row[], column: string | undefined): Row[] {
  if (!column) return rows;
  const placed = new Set<unknown>();
  const out: Row[] = [];
  let left = rows;
  while (left.length > 0) {
    const ready = left.filter((r) => r[column] === null || placed.has(r[column]) || !rows.some((p) => p.id === r[column]));
    if (ready.length === 0) return [...out, ...left];
    for (const r of ready) placed.add(r.id);
    out.push(...ready);
    left = left.filter((r) => !ready.includes(r));
  }
  return out;
}

async function readArchive(file: string) {
  try {
    const directory = await unzipper.Open.file(file);
    const entry = (name: string) => directory.files.find((f) => f.path === name);
    const manifestEntry = entry('manifest.json');
    if (!manifestEntry) throw new Error('no manifest');
    const manifest = JSON.parse((await manifestEntry.buffer()).toString('utf8')) as BackupManifest;
    if (manifest.format !== 'lodestar-backup' || manifest.kind !== 'workspace') throw new Error('not a workspace backup');
    const tables = new Map<string, Row[]>();
    for (const t of manifest.tables) {
      const e = entry(t.file);
      tables.set(t.name, e ? (JSON.parse((await e.buffer()).toString('utf8')) as Row[]) : []);
    }
    const files = new Map<string, Buffer>();
    for (const f of manifest.files) {
      const e = entry(f.file);
      if (e) files.set(f.id, await e.buffer());
    }
    return { manifest, tables, files };
  } catch (error) {
    throw Object.assign(new AppError('BACKUP_ARCHIVE_UNREADABLE'), { cause: error });
  }
}

export async function restoreArchive(db: Db, dataDir: string, job: backupsRepository.BackupRow, afterTable?: (table: string) => Promise<void> | void): Promise<void> {
  const { manifest, tables, files } = await readArchive(path.join(dataDir, job.filePath!));
  const keys = await backupsRepository.foreignKeys(db);
  const known = new Set(backupTables.map((t) => t.name));
  const names = [...tables.keys()].filter((n) => known.has(n));
  await backupsRepository.updateBackup(db, job.id, { stepsTotal: names.length + 1 });
  await db.transaction(async (tx) => {
    const org = await organizationsService.insertRestoredOrganization(tx, { name: manifest.workspace.name, plan: 'free', topAdminUserId: job.userId! });
    const ids = new Map<string, string>([[manifest.workspace.id, org.id]]);
    for (const rows of tables.values()) for (const row of rows) if (typeof row.id === 'string' && isUuid(row.id)) ids.set(row.id, randomUUID());
    const stageIds = new Map<number, number>();
    let rowsDone = 0;
    for (const name of insertOrder(names, keys)) {
      const spec = backupTables.find((t) => t.name === name)!;
      const columns = (await backupsRepository.storedColumns(tx, name)).filter((c) => tables.get(name)!.length === 0 || c in tables.get(name)![0]!);
      const selfKey = keys.find((k) => k.table === name && k.references === name)?.column;
      const rows = parentsFirst(tables.get(name)!, selfKey).map((row) => {
        const next = remapValue(row, ids) as Row;
        for (const column of spec.renew ?? []) if (typeof next[column] === 'string') next[column] = `${next[column] as string}-${randomBytes(3).toString('hex')}`;
        for (const column of spec.detach ?? []) if (column in next) next[column] = null;
        for (const t of backupTables) for (const ref of t.serialId?.referencedBy ?? []) {
          if (ref.table === name && typeof next[ref.column] === 'number') next[ref.column] = stageIds.get(next[ref.column] as number) ?? next[ref.column];
        }
        return next;
      });
      if (spec.serialId) {
        const made = await backupsRepository.insertRowsWithNewIds(tx, name, columns, rows);
        rows.forEach((row, i) => stageIds.set(row.id as number, made[i]!));
      } else {
        for (let i = 0; i < rows.length; i += 1000) await backupsRepository.insertRows(tx, name, columns, rows.slice(i, i + 1000));
      }
      rowsDone += rows.length;
      await afterTable?.(name);
    }
    for (const [id, data] of files) await filesModule.writeStoredBytes(dataDir, org.id, ids.get(id) ?? id, data);
    // The restoring administrator can open the new workspace even when the archive's members did not include them.
    await membersService.insertWorkspaceMembers(tx, org.id, [{ userId: job.userId!, status: 'activated', isSystemAdministrator: true }]);
    await backupsRepository.updateBackup(tx, job.id, {
      state: 'done', restoredOrgId: org.id, stepsDone: names.length + 1, rowsDone, finishedAt: new Date(), lockedUntil: null,
    });
  });
}
