import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { compress, type ContentEncoding } from './compression.ts';

/**
 * Whole answers of the heaviest read screens (the deal board, the calendar feed, the statistics), kept per app process as the JSON
 * text that is sent, and checked against the database on every use — so a cached answer is never stale, whichever
 * app server made the write:
 *
 * - the triggers of migrations 0018 and 0055 (area 'statistics') add a `data_changes` row (workspace, area, writing transaction) for every write
 *   statement on a table an area depends on;
 * - an entry remembers the snapshot (`pg_current_snapshot()`) taken before it was computed;
 * - each use asks, in one indexed statement, whether a change of its areas has committed since that snapshot. If so
 *   (or the entry is older than READ_CACHE_MS), the answer is computed again.
 *
 * The check costs one statement where a miss costs several and the serialization; rows are inserted, never updated,
 * so writers share no lock. A change that committed while the answer was being computed only causes one more miss.
 */
export type ReadArea = 'deals' | 'calendar' | 'statistics';

/**
 * An answer already serialized: platform/route.ts sends these envelope bytes as they are. They are encoded once, when
 * the answer is made, so a cache hit allocates nothing: building the envelope text and encoding it to UTF-8 on every
 * send was most of a cached calendar month's cost (a 514 KB answer; bench/README.md, "Issue 38").
 */
/** The success envelope around an answer's data JSON (platform/errors.ts `ok`), as text. */
export const envelopeEnds = ['{"result":"success","data":', ',"errorMessage":null,"errorCode":null}'] as const;
const envelopeStart = Buffer.from(envelopeEnds[0]);
const envelopeEnd = Buffer.from(envelopeEnds[1]);

export class SerializedJson {
  readonly envelope: Buffer;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  /**
   * `json`: the data's JSON text, or the whole envelope already as bytes (platform/json-bytes.ts with envelopeEnds).
   * `kept`: held by the cache and sent many times, so compressed at the smaller levels (compression.ts).
   */
  constructor(json: string | { envelope: Buffer }, private readonly kept = true) {
    // The text is encoded alone and the ends joined as bytes: a 514 KB text wrapped in a template string first made V8
    // flatten the joined string, 5 ms per calendar month against 0.8 for encoding the text alone.
    this.envelope = typeof json === 'string' ? Buffer.concat([envelopeStart, Buffer.from(json), envelopeEnd]) : json.envelope;
  }

  /**
   * The envelope compressed, made on first use and kept with the answer: a cached calendar month is ≈ 500 KB of JSON
   * (≈ 2.5 s on a phone's slow 4G) and a small part of that compressed; every hit after the first sends the same bytes.
   */
  compressed(encoding: ContentEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compress(this.envelope, encoding, !this.kept);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

interface Entry {
  snapshot: string;
  json: SerializedJson;
  expires: number;
}

/** The user-name trigger's rows: a renamed user shows in every workspace. */
const everyWorkspace = '00000000-0000-0000-0000-000000000000';
let ttlMs = 0;
/** Memory bound: the sum of the kept answers' bytes; past it the oldest entries go first. */
let budgetBytes = 32 * 1024 * 1024;
let usedBytes = 0;
const entries = new Map<string, Entry>();

export function configureReadCache(ms: number, maxBytes = 32 * 1024 * 1024): void {
  ttlMs = ms;
  budgetBytes = maxBytes;
  entries.clear();
  inflight.clear();
  usedBytes = 0;
}

function forget(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  usedBytes -= entry.json.envelope.length;
  entries.delete(key);
}

function keep(key: string, entry: Entry): void {
  forget(key);
  if (entry.json.envelope.length > budgetBytes / 4) return; // one huge answer must not evict everything else
  entries.set(key, entry);
  usedBytes += entry.json.envelope.length;
  for (const oldest of entries.keys()) {
    if (usedBytes <= budgetBytes) break;
    forget(oldest);
  }
}

/**
 * Computations under way, per key, with the snapshot taken before each began. A caller whose answer is not kept (or
 * is no longer valid) joins one of them when no change of its areas has committed since that snapshot — the same
 * check a kept answer passes — instead of computing the same answer again: on a Monday morning every manager's
 * dashboard misses at once, and on the embedded database, which runs one statement at a time, fifty recomputations
 * queued behind each other (p95 30 s at 1 M contacts; bench/README.md, "Issue 38").
 */
const inflight = new Map<string, { snapshot: string; json: Promise<SerializedJson> }>();

/**
 * The answer for `key` in workspace `orgId`, which depends on the tables of `areas` (and user names): from the cache
 * when nothing of theirs changed since it was made, else `compute()` serialized and kept. `key` must name everything
 * else the answer depends on (the caller's visibility, the query).
 */
export async function cachedRead<T>(
  db: Db,
  scope: { orgId: string; areas: readonly ReadArea[]; key: string },
  compute: () => Promise<T>,
  serialize: (data: T) => string | { envelope: Buffer } = JSON.stringify,
): Promise<SerializedJson> {
  if (ttlMs <= 0) return new SerializedJson(serialize(await compute()), false);
  const key = `${scope.orgId}|${scope.areas.join(',')}|${scope.key}`;
  const hit = entries.get(key);
  const live = hit && hit.expires > Date.now() ? hit : undefined;
  const areas = sql.join([...scope.areas, 'users'].map((area) => sql`${area}`), sql`, `);
  const changedSince = (snapshot: string | undefined) =>
    snapshot === undefined
      ? sql`true`
      : sql`exists (
          select 1 from data_changes
          where org_id in (${scope.orgId}::uuid, ${everyWorkspace}::uuid) and area in (${areas})
            and xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(xid, ${snapshot}::pg_snapshot)
        )`;
  const check = async (kept: Entry | undefined, pending: { snapshot: string } | undefined) => {
    const result = await db.execute(
      sql`select pg_current_snapshot()::text as snapshot, ${changedSince(kept?.snapshot)} as changed, ${changedSince(pending?.snapshot)} as pending_changed`,
    );
    return (result as unknown as { rows: { snapshot: string; changed: boolean; pending_changed: boolean }[] }).rows[0]!;
  };
  let kept = live;
  let pending = inflight.get(key);
  let state = await check(kept, pending);
  // Callers arriving together all find nothing before their check; the first to get its answer starts a computation.
  // The others then check against what appeared meanwhile — that computation, or its answer once kept (it may finish
  // before a slow check returns) — before starting their own.
  for (;;) {
    if (kept && !state.changed) return kept.json;
    if (pending && !state.pending_changed) return pending.json;
    const nowKept = entries.get(key);
    const newKept = nowKept && nowKept !== kept && nowKept.expires > Date.now() ? nowKept : undefined;
    const nowPending = inflight.get(key);
    const newPending = nowPending && nowPending !== pending ? nowPending : undefined;
    if (!newKept && !newPending) break;
    kept = newKept;
    pending = newPending;
    state = await check(kept, pending);
  }
  const own = { snapshot: state.snapshot, json: compute().then((data) => new SerializedJson(serialize(data))) };
  inflight.set(key, own);
  try {
    const json = await own.json;
    keep(key, { snapshot: own.snapshot, json, expires: Date.now() + ttlMs });
    return json;
  } finally {
    if (inflight.get(key) === own) inflight.delete(key);
  }
}

/** The change rows older than any entry can be (the hourly job): an entry lives at most READ_CACHE_MS. */
export async function pruneDataChanges(db: Db): Promise<void> {
  await db.execute(sql`delete from data_changes where changed_at < now() - interval '1 hour'`);
}
