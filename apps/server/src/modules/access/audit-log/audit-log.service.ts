import type { AuditEntry, AuditListQuery, AuditPage, AuditSettings, AuditType, AuditVerification } from '@lodestar/contract';
import { auditRetention, auditTypes } from '@lodestar/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as repository from './audit-log.repository.ts';

/**
 * The workspace's audit log (docs/decisions/0023-history-and-audit-log.md): `audit()` appends, the administrators
 * read, filter, export and verify. Rows are chained and append-only in the database itself (the migration's triggers).
 */

export interface AuditInput {
  orgId: string;
  type: AuditType;
  /** Who did it (null: the system, or nobody signed in). */
  actor?: { userId: string; label: string } | null | undefined;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
  target?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/** Appends entries; pass the transaction handle to make them part of the change they describe (e.g. a merge). */
export async function audit(db: Db | Tx, ...entries: AuditInput[]): Promise<void> {
  await repository.insertEntries(
    db,
    entries.map((e) => ({
      orgId: e.orgId,
      type: e.type,
      actorUserId: e.actor?.userId ?? null,
      actorLabel: clip(e.actor?.label, 200),
      ip: clip(e.ip, 64),
      userAgent: clip(e.userAgent, 400),
      target: clip(e.target, 300),
      details: e.details ?? {},
    })),
  );
}

const knownType = (type: string): type is AuditType => (auditTypes as readonly string[]).includes(type);

function toEntry(row: repository.AuditListRow): AuditEntry {
  return {
    position: row.position,
    at: new Date(row.occurredAt).toISOString(),
    type: knownType(row.type) ? row.type : 'billingChanged',
    actor: row.actorLabel === null && row.actorUserId === null ? null : { id: row.actorUserId, label: row.actorLabel ?? '' },
    ip: row.ip,
    userAgent: row.userAgent,
    target: row.target,
    details: row.details,
    hash: row.hash,
  };
}

/** The wall-clock midnight of a date in a time zone, as an instant. */
function startOfDay(date: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
    .formatToParts(new Date(utc))
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  const shownAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return new Date(utc - (shownAsUtc - utc)).toISOString();
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function filterOf(query: Omit<AuditListQuery, 'limit' | 'before' | 'orgId'>): repository.AuditFilter {
  const timeZone = query.timeZone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw fieldError('timeZone', 'invalidValue');
  }
  return {
    type: query.type,
    userId: query.userId,
    from: query.from ? startOfDay(query.from, timeZone) : undefined,
    to: query.to ? startOfDay(nextDay(query.to), timeZone) : undefined,
  };
}

export async function listEntries(db: Db, actor: Actor, query: AuditListQuery): Promise<AuditPage> {
  assertSystemAdministrator(actor);
  const rows = await repository.listEntries(db, actor.orgId, filterOf(query), query.limit + 1, query.before);
  const items = rows.slice(0, query.limit).map(toEntry);
  return { items, nextBefore: rows.length > query.limit ? items[items.length - 1]!.position : null };
}

/** CSV cells: quoted when needed; a cell starting like a formula is neutralised (opened in a spreadsheet). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const exportPage = 1000;

/** Every matching entry, newest first, as CSV with a BOM (Excel reads it as UTF-8). */
export async function exportCsv(db: Db, actor: Actor, query: Omit<AuditListQuery, 'limit' | 'before'>): Promise<string> {
  assertSystemAdministrator(actor);
  const filter = filterOf(query);
  const lines = [['position', 'time', 'type', 'actor', 'ip', 'userAgent', 'target', 'details', 'hash'].join(',')];
  let before: number | undefined;
  for (;;) {
    const rows = await repository.listEntries(db, actor.orgId, filter, exportPage, before);
    for (const row of rows) {
      const e = toEntry(row);
      const cells = [String(e.position), e.at, e.type, e.actor?.label ?? '', e.ip ?? '', e.userAgent ?? '', e.target ?? '', JSON.stringify(e.details), e.hash];
      lines.push(cells.map(csvCell).join(','));
    }
    if (rows.length < exportPage) break;
    before = rows[rows.length - 1]!.position;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function verify(db: Db, actor: Actor): Promise<AuditVerification> {
  assertSystemAdministrator(actor);
  const { checked, brokenAt } = await repository.verifyChain(db, actor.orgId);
  return { valid: brokenAt === null, checked, brokenAt };
}

export async function getSettings(db: Db, actor: Actor): Promise<AuditSettings> {
  assertSystemAdministrator(actor);
  return { retentionDays: (await repository.findRetentionDays(db, actor.orgId)) ?? auditRetention.defaultDays };
}

/** Changing the retention is itself an entry, in the same transaction. */
export async function saveSettings(db: Db, actor: Actor, label: string, input: AuditSettings): Promise<AuditSettings> {
  assertSystemAdministrator(actor);
  const before = (await repository.findRetentionDays(db, actor.orgId)) ?? auditRetention.defaultDays;
  await db.transaction(async (tx) => {
    await repository.saveRetentionDays(tx, actor.orgId, input.retentionDays);
    if (before !== input.retentionDays) {
      await audit(tx, { orgId: actor.orgId, type: 'auditRetentionChanged', actor: { userId: actor.userId, label }, details: { from: before, to: input.retentionDays } });
    }
  });
  return { retentionDays: input.retentionDays };
}

export const pruneExpired = repository.pruneExpired;
