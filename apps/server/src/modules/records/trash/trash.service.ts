import { trashRetentionDays, trashTypes, type Feature, type TrashItem, type TrashItemsBody, type TrashType } from '@lodestar/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { encodeCursor } from '../../../db/paging.ts';
import * as records from '../../../db/records.ts';
import { AppError } from '../../../platform/errors.ts';
import * as notesService from '../notes/notes.service.ts';
import { assertCan, can, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';

/**
 * A kind of record that goes to the trash: its table, its display name, its privilege feature and visibility
 * scope. Contacts and companies register, and deals (above records) too, in wiring.ts.
 */
export interface TrashSource {
  feature: Feature;
  records: records.RecordTable;
  name: SQL<string>;
  visibility: (db: Db, actor: Actor) => Promise<SQL>;
}

const trashSources = new Map<TrashType, TrashSource>();

/** Keyed by type: registering again replaces. */
export function registerTrashSource(type: TrashType, source: TrashSource): void {
  trashSources.set(type, source);
}

/** The registered types, in the contract's order (trashTypes). */
function registeredTypes(): TrashType[] {
  return trashTypes.filter((type) => trashSources.has(type));
}

function sourceOf(type: TrashType): TrashSource {
  const source = trashSources.get(type);
  if (!source) throw new Error(`no trash source registered for ${type} (see wiring.ts)`);
  return source;
}
const retentionMs = trashRetentionDays * 24 * 3600_000;

function decodeBefore(cursor: string | undefined): { at: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const { k, i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k: string; i: string };
    if (typeof k !== 'string' || !/^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(k) || !/^[0-9a-f-]{36}$/i.test(i)) {
      throw new Error('bad cursor');
    }
    return { at: k, id: i };
  } catch {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor', reason: 'invalidValue' }, [{ field: 'cursor', reason: 'invalidValue', message: '' }]);
  }
}

/** Deleted contacts, companies and deals the actor may see, newest deletion first. */
export async function listTrash(
  db: Db,
  actor: Actor,
  query: { type?: TrashType | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: TrashItem[]; nextCursor: string | null }> {
  const types = (query.type ? [query.type] : registeredTypes()).filter((t) => can(actor, sourceOf(t).feature, 'view'));
  const before = decodeBefore(query.cursor);
  const lists = await Promise.all(
    types.map(async (type) => {
      const source = sourceOf(type);
      const rows = await records.listDeleted(db, source.records, actor.orgId, source.name, await source.visibility(db, actor), query.limit + 1, before);
      return rows.map((row) => ({ type, ...row }));
    }),
  );
  const merged = lists
    .flat()
    // The SQL order (deleted_at desc, id desc) on the full-precision key, across both types.
    .sort((a, b) => (a.key === b.key ? (a.id < b.id ? 1 : -1) : a.key < b.key ? 1 : -1))
    .slice(0, query.limit + 1);
  const page = merged.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      type: row.type,
      id: row.id,
      name: row.name,
      deletedAt: row.deletedAt.toISOString(),
      purgeAt: new Date(row.deletedAt.getTime() + retentionMs).toISOString(),
    })),
    nextCursor: merged.length > query.limit && last ? encodeCursor(last.key, last.id) : null,
  };
}

/** Ids per type, each deleted and visible, or a 404 with nothing changed. */
async function resolve(db: Db, actor: Actor, items: TrashItemsBody['items']): Promise<Map<TrashType, string[]>> {
  const byType = new Map<TrashType, string[]>();
  for (const item of items) byType.set(item.type, [...new Set([...(byType.get(item.type) ?? []), item.id])]);
  for (const [type, ids] of byType) {
    const source = sourceOf(type);
    assertCan(actor, source.feature, 'delete');
    const found = await records.findDeletedIds(db, source.records, actor.orgId, ids, await source.visibility(db, actor));
    if (found.length !== ids.length) throw new AppError('NOT_FOUND');
  }
  return byType;
}

export async function restore(db: Db, actor: Actor, items: TrashItemsBody['items']): Promise<number> {
  const byType = await resolve(db, actor, items);
  let count = 0;
  for (const [type, ids] of byType) {
    await records.restore(db, sourceOf(type).records, actor.orgId, ids);
    await timelineService.record(db, actor.orgId, actor.userId, type, ids, 'restore');
    count += ids.length;
  }
  return count;
}

async function purge(db: Db, orgId: string, type: TrashType, ids: string[]): Promise<void> {
  await records.purge(db, sourceOf(type).records, orgId, ids);
  await notesService.forget(db, orgId, type, ids);
}

export async function deleteForever(db: Db, actor: Actor, items: TrashItemsBody['items']): Promise<number> {
  const byType = await resolve(db, actor, items);
  let count = 0;
  for (const [type, ids] of byType) {
    await purge(db, actor.orgId, type, ids);
    count += ids.length;
  }
  return count;
}

/** Empty the trash: everything deleted that the actor may see and delete. */
export async function emptyTrash(db: Db, actor: Actor): Promise<number> {
  let count = 0;
  for (const type of registeredTypes()) {
    const source = sourceOf(type);
    if (!can(actor, source.feature, 'delete')) continue;
    const ids = await records.findDeletedIds(db, source.records, actor.orgId, undefined, await source.visibility(db, actor));
    await purge(db, actor.orgId, type, ids);
    count += ids.length;
  }
  return count;
}

/** The scheduled purge: records deleted more than trashRetentionDays ago, in batches. */
export async function purgeExpired(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let count = 0;
  for (const type of registeredTypes()) {
    const source = sourceOf(type);
    for (const orgId of await records.orgsWithExpired(db, source.records, cutoff)) {
      for (;;) {
        const ids = await records.expiredIds(db, source.records, orgId, cutoff, 500);
        if (ids.length === 0) break;
        await purge(db, orgId, type, ids);
        count += ids.length;
      }
    }
  }
  return count;
}
