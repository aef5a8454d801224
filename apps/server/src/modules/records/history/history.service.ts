import type { HistoryEntry, HistoryKind, HistoryPage, HistorySource } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as repository from './history.repository.ts';

/**
 * Field history and "restore this value" (docs/decisions/0023-history-and-audit-log.md). The rows come from the
 * events outbox through a trigger; each record kind plugs in (wiring.ts) who may see it and how an edit is saved, so
 * a restore is that kind's ordinary edit: its validation, privileges, timeline and events.
 */
export interface HistoryTarget {
  assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void>;
  /** The API fields its edit accepts, i.e. what may be restored. */
  restorableFields: readonly string[];
  /** Stored columns that are no field of the record's (generated ones such as a deal's `amountCents`): not shown. */
  hiddenFields?: readonly string[];
  /** Saves these fields (API names and shapes, as the history holds them) as an ordinary edit by the actor. */
  restore(db: Db, actor: Actor, id: string, values: Record<string, unknown>): Promise<void>;
}

const targets = new Map<HistoryKind, HistoryTarget>();

/** Keyed by kind: registering again replaces. */
export function registerHistoryTarget(kind: HistoryKind, target: HistoryTarget): void {
  targets.set(kind, target);
}

function targetOf(kind: HistoryKind): HistoryTarget {
  const target = targets.get(kind);
  if (!target) throw new Error(`no history target registered for ${kind} (see wiring.ts)`);
  return target;
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The outbox's actor → the path a change came through, and the person when there is one. */
function sourceOf(actor: string): { source: HistorySource; userId: string | null } {
  const [kind, id] = actor.split(':');
  if (kind === 'user') return { source: 'ui', userId: id ?? null };
  if (kind === 'apiKey') return { source: 'apiKey', userId: null };
  if (kind === 'import') return { source: 'import', userId: null };
  if (kind === 'workflow') return { source: 'automation', userId: null };
  if (kind === 'sync') return { source: 'sync', userId: null };
  if (kind === 'public') return { source: 'public', userId: null };
  if (kind === 'registry') return { source: 'registry', userId: null };
  return { source: 'system', userId: null };
}

export async function listHistory(db: Db, actor: Actor, kind: HistoryKind, id: string, limit: number, before?: number): Promise<HistoryPage> {
  const target = targetOf(kind);
  await target.assertAccessible(db, actor, id, 'view');
  const rows = await repository.listRecordHistory(db, actor.orgId, kind, id, limit + 1, before);
  const page = rows.slice(0, limit);
  const sources = page.map((row) => sourceOf(row.actor));
  const names = await usersService.ownerCells(db, sources.map((s) => s.userId), new Map());
  const restorable = new Set(target.restorableFields);
  const hidden = new Set(target.hiddenFields ?? []);
  const items: HistoryEntry[] = page.map((row, i) => {
    const { source, userId } = sources[i]!;
    return {
      id: row.seq,
      action: row.action as HistoryEntry['action'],
      at: new Date(row.occurredAt).toISOString(),
      source,
      actor: userId ? { id: userId, name: names.get(userId) ?? '' } : null,
      changes: Object.entries(row.changes)
        .map(([column, change]) => ({ field: camel(column), change }))
        .filter(({ field }) => !hidden.has(field))
        .map(({ field, change }) => ({ field, from: change.from ?? null, to: change.to ?? null, restorable: row.action === 'updated' && restorable.has(field) })),
    };
  });
  return { items, nextBefore: rows.length > limit ? page[page.length - 1]!.seq : null };
}

/** Sets one field back to its value before the change `entryId`, as an ordinary edit. */
export async function restoreValue(db: Db, actor: Actor, kind: HistoryKind, id: string, entryId: number, field: string): Promise<{ field: string }> {
  const target = targetOf(kind);
  await target.assertAccessible(db, actor, id, 'edit');
  const entry = await repository.findEntry(db, actor.orgId, kind, id, entryId);
  if (!entry) throw fieldError('entryId', 'invalidValue');
  const column = Object.keys(entry.changes).find((c) => camel(c) === field);
  if (entry.action !== 'updated' || column === undefined || !target.restorableFields.includes(field)) throw fieldError('field', 'invalidValue');
  await target.restore(db, actor, id, { [field]: entry.changes[column]!.from ?? null });
  return { field };
}

/**
 * An edit body from a record's current row for forms that save the whole record (contacts, companies): the body's
 * fields taken from the row (instants as ISO text, empty values left out, as the form leaves them), then `values`.
 */
export function saveBodyFrom(fields: readonly string[], row: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = field in values ? values[field] : row[field];
    if (value === null || value === undefined) continue;
    body[field] = value instanceof Date ? value.toISOString() : value;
  }
  return body;
}
