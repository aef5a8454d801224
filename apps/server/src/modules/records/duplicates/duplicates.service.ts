import {
  companyNameKey,
  emailKey,
  personNameKey,
  phoneKey,
  taxIdKey,
  type DuplicateDismissBody,
  type DuplicateKind,
  type DuplicateList,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { consumeBatches } from '../../../platform/events.ts';
import { inPieces } from '../../../platform/background-pace.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as companiesService from '../companies/companies.service.ts';
import * as contactsService from '../contacts/contacts.service.ts';
import * as repository from './duplicates.repository.ts';

/*
 * Possible duplicates (docs/decisions/0022-duplicates-and-merge.md). Keys are computed here from the contract's pure
 * functions and stored; pairs are a join on them. A full scan rebuilds a workspace; between scans the outbox consumer
 * refreshes the records named by contact.* and company.* events, which every write path leaves (form, API, import,
 * business card, LINE link, trash, merge) — so no writer has to remember to call in.
 */

/** The distinct keys of one record. */
export function keysOf(kind: DuplicateKind, source: repository.KeySource): repository.KeyRow[] {
  const keys = new Map<string, repository.KeyRow>();
  const add = (keyType: repository.KeyRow['keyType'], key: string | null) => {
    if (key) keys.set(`${keyType}:${key}`, { recordId: source.id, keyType, key });
  };
  for (const phone of source.phones) add('phone', phoneKey(phone));
  // Gmail ignores dots and +tags: for finding duplicates those addresses are one mailbox.
  for (const email of source.emails) add('email', emailKey(email, { gmailFolding: true }));
  if (kind === 'contact') {
    // Family name first (陳大文) and the western order fold differently; the first written form is the key.
    add('name', personNameKey(source.names[0] ?? ''));
  } else {
    for (const name of source.names) add('companyName', companyNameKey(name));
    add('taxId', source.taxId ? taxIdKey(source.taxId) : null);
  }
  return [...keys.values()];
}

/** The scan's largest page (1 000 unless a test makes pages small), and a stopping server's signal. */
export interface ScanOptions {
  pageSize?: number;
  signal?: AbortSignal | undefined;
}

/**
 * Calls `step` for the kind's live records page by page in id order, each page in its own short transaction: one
 * transaction over a workspace of 1 000 000 contacts held PGlite's one connection (every API call waited) for minutes,
 * and on PostgreSQL held back vacuum. A page's range runs from the previous page's last id to its own, the last page's
 * to the end, so the ranges cover every id, those of records gone since the last scan too. Between pages requests go
 * first, and a page is sized to take about 0.1 s (platform/background-pace.ts), at most `pageSize`. A stopping server's
 * `signal` ends the scan between two pages.
 */
async function inPages(
  db: Db,
  orgId: string,
  kind: DuplicateKind,
  options: ScanOptions,
  step: (tx: Db, sources: repository.KeySource[], range: repository.IdRange) => Promise<void>,
): Promise<number> {
  const { pageSize = 1000, signal } = options;
  let after: string | null = null;
  let count = 0;
  await inPieces(pageSize, Math.min(100, pageSize), pageSize, async (size) => {
    signal?.throwIfAborted();
    const upTo: string | null = await db.transaction(async (tx) => {
      await repository.lockKind(tx, orgId, kind);
      const sources = await repository.keySources(tx, orgId, kind, { afterId: after, limit: size });
      const last = sources.length === size ? sources.at(-1)!.id : null;
      await step(tx, sources, { after, upTo: last });
      count += sources.length;
      return last;
    });
    after = upTo;
    return upTo !== null;
  });
  return count;
}

/**
 * Rebuilds a workspace's keys and pairs of one kind (the background scan), page by page so that API calls and the
 * follower run in between: first every page's keys, then every page's pairs from the keys now complete (a page's pairs
 * join its records' keys with anyone's; paging the one statement by key ranges instead would split a pair's score
 * across pages). A pair found from both of its records' pages is upserted twice, the same.
 * The end state is a one-shot rebuild's: live records' keys, their undismissed pairs, dismissals kept. A record edited
 * meanwhile is refreshed by the follower before or after the page holding it (lockKind), so that it is current too.
 */
export async function scanWorkspace(db: Db, orgId: string, kind: DuplicateKind, options: ScanOptions = {}): Promise<number> {
  const count = await inPages(db, orgId, kind, options, async (tx, sources, range) => {
    await repository.dropKeys(tx, orgId, kind, range);
    await repository.insertKeys(tx, orgId, kind, sources.flatMap((s) => keysOf(kind, s)));
  });
  await inPages(db, orgId, kind, options, async (tx, sources, range) => {
    await repository.dropPairs(tx, orgId, kind, range);
    await repository.rebuildPairs(tx, orgId, kind, sources.map((s) => s.id));
  });
  await repository.analyze(db);
  return count;
}

/** Refreshes the keys and pairs of some records after they changed (gone ones lose theirs). */
export async function refreshRecords(db: Db, orgId: string, kind: DuplicateKind, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await repository.lockKind(db, orgId, kind);
  const sources = await repository.keySources(db, orgId, kind, { ids, limit: ids.length });
  const before = await repository.keysOfRecords(db, orgId, kind, ids);
  const rows = sources.flatMap((s) => keysOf(kind, s));
  await repository.replaceKeys(db, orgId, kind, ids, rows);
  // A key gained or lost changes its other holders' pairs too when it crosses the limit either way.
  const others = await repository.otherHolders(db, orgId, kind, ids, [...before, ...rows]);
  await repository.rebuildPairs(db, orgId, kind, [...ids, ...others]);
}

/**
 * Follows the outbox: every contact.* and company.* event refreshes its record (batches of 500, each in the cursor's
 * transaction; at most `maxBatches` a run, platform/events.ts consumeBatches).
 */
export async function followEvents(db: Db, maxBatches = 20): Promise<number> {
  const total = await consumeBatches(db, 'duplicates', 500, maxBatches, async (tx, batch) => {
    const byGroup = new Map<string, Set<string>>();
    for (const event of batch) {
      if (event.recordKind !== 'contact' && event.recordKind !== 'company') continue;
      const group = `${event.orgId}|${event.recordKind}`;
      byGroup.set(group, (byGroup.get(group) ?? new Set()).add(event.recordId));
    }
    for (const [group, ids] of byGroup) {
      const [orgId, kind] = group.split('|') as [string, DuplicateKind];
      await refreshRecords(tx, orgId, kind, [...ids]);
    }
  });
  // An import of thousands: the statistics catch up after a run of 5 000 events or more (the plans depend on them).
  if (total >= 5000) await repository.analyze(db);
  return total;
}

/** Every workspace, both kinds: the nightly rebuild (also the first run after this feature ships). */
export async function scanAll(db: Db, signal?: AbortSignal): Promise<{ workspaces: number; records: number }> {
  const orgIds = await repository.workspacesWithRecords(db);
  let records = 0;
  for (const orgId of orgIds) {
    for (const kind of ['contact', 'company'] as const) records += await scanWorkspace(db, orgId, kind, { signal });
  }
  return { workspaces: orgIds.length, records };
}

/** Following the outbox runs on the 2-second poller (server.ts); the nightly scan is in scheduled-jobs.ts. */
export function duplicatesJobs(): JobDefinition[] {
  return [{ name: 'duplicates.follow', intervalMs: 2_000, leaseSeconds: 60, run: (db) => followEvents(db) }];
}

const feature = (kind: DuplicateKind): 'contact' | 'company' => kind;

function visibility(db: Db, actor: Actor, kind: DuplicateKind) {
  return kind === 'contact' ? contactsService.visibility(db, actor) : companiesService.visibility(db, actor);
}

interface Cursor {
  score: number;
  recordA: string;
  recordB: string;
}

function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    const uuid = /^[0-9a-f-]{36}$/i;
    if (!Number.isInteger(value.score) || !uuid.test(value.recordA) || !uuid.test(value.recordB)) throw new Error('bad cursor');
    return value;
  } catch {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor', reason: 'invalidValue' }, [{ field: 'cursor', reason: 'invalidValue', message: '' }]);
  }
}

/** Possible duplicates of a kind among the records the actor may see, best score first. */
export async function listDuplicates(db: Db, actor: Actor, query: { kind: DuplicateKind; limit: number; cursor?: string | undefined }): Promise<DuplicateList> {
  assertCan(actor, feature(query.kind), 'view');
  const after = decodeCursor(query.cursor);
  const rows = await repository.listPairs(db, actor.orgId, query.kind, await visibility(db, actor, query.kind), query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const cards = await repository.recordCards(db, actor.orgId, query.kind, [...new Set(page.flatMap((r) => [r.recordA, r.recordB]))]);
  const byId = new Map(cards.map((c) => [c.id, { ...c, createdAt: new Date(c.createdAt).toISOString() }]));
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      kind: query.kind,
      score: row.score,
      reasons: row.reasons,
      records: [byId.get(row.recordA)!, byId.get(row.recordB)!],
    })),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(JSON.stringify({ score: last.score, recordA: last.recordA, recordB: last.recordB } satisfies Cursor)).toString('base64url')
        : null,
  };
}

/** "Not a duplicate": the pair stays out of the list; 404 when there is no such visible pair. */
export async function dismiss(db: Db, actor: Actor, body: DuplicateDismissBody): Promise<number> {
  assertCan(actor, feature(body.kind), 'edit');
  const count = await repository.dismissPair(db, actor.orgId, body.kind, await visibility(db, actor, body.kind), body.recordIds, actor.userId);
  if (count === 0) throw new AppError('NOT_FOUND');
  return count;
}
