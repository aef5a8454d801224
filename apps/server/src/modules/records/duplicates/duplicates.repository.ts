import { duplicateKeyMaxRecords, duplicateReasonWeights, type CompanyPhone, type ContactPhone, type DuplicateKind, type DuplicateReason, type RecordEmail } from '@lodestar/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { personNameSql } from '../../../db/person-name.ts';
import { uuidList } from '../../../db/search-columns.ts';
import { companies } from '../companies/companies.table.ts';
import { contacts } from '../contacts/contacts.table.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { users } from '../../access/users/users.table.ts';
import { duplicatePairs, recordMatchKeys } from './duplicates.table.ts';

/** The fields keys are made of; contacts and companies read here without their module (read-only). */
export interface KeySource {
  id: string;
  names: string[];
  phones: string[];
  emails: string[];
  taxId: string | null;
}


/** Live records of a kind by id order after `afterId` (the full scan's pages), or the live ones of `ids`. */
export async function keySources(db: Db, orgId: string, kind: DuplicateKind, page: { afterId?: string | null; limit: number; ids?: string[] }): Promise<KeySource[]> {
  const chosen = page.ids ? sql`and id = any(${uuidList(page.ids)})` : page.afterId ? sql`and id > ${page.afterId}` : sql``;
  if (kind === 'contact') {
    const rows = await queryRows<{ id: string; firstName: string; lastName: string; phones: ContactPhone[]; emails: RecordEmail[] }>(
      db,
      sql`select id, first_name as "firstName", last_name as "lastName", phones, emails from ${contacts}
          where org_id = ${orgId} and deleted_at is null ${chosen} order by id limit ${page.limit}`,
    );
    return rows.map((r) => ({ id: r.id, names: [`${r.lastName}${r.firstName}`, `${r.firstName} ${r.lastName}`], phones: r.phones.map((p) => p.value), emails: r.emails.map((e) => e.value), taxId: null }));
  }
  const rows = await queryRows<{ id: string; name: string; otherNames: string[]; tax: string | null; phones: CompanyPhone[]; email: string | null }>(
    db,
    sql`select id, name, other_names as "otherNames", tax, phones, email from ${companies}
        where org_id = ${orgId} and deleted_at is null ${chosen} order by id limit ${page.limit}`,
  );
  return rows.map((r) => ({ id: r.id, names: [r.name, ...r.otherNames], phones: r.phones.map((p) => p.value), emails: r.email ? [r.email] : [], taxId: r.tax }));
}

export interface KeyRow {
  recordId: string;
  keyType: DuplicateReason;
  key: string;
}

/** Drops the keys of `recordIds` and stores `rows` in their place. */
export async function replaceKeys(db: Db, orgId: string, kind: DuplicateKind, recordIds: string[], rows: KeyRow[]): Promise<void> {
  await db.execute(sql`delete from ${recordMatchKeys} where org_id = ${orgId} and kind = ${kind} and record_id = any(${uuidList(recordIds)})`);
  await insertKeys(db, orgId, kind, rows);
}

/** The keys `recordIds` hold now. */
export async function keysOfRecords(db: Db, orgId: string, kind: DuplicateKind, recordIds: string[]): Promise<Omit<KeyRow, 'recordId'>[]> {
  return queryRows<Omit<KeyRow, 'recordId'>>(
    db,
    sql`select distinct key_type as "keyType", key from ${recordMatchKeys} where org_id = ${orgId} and kind = ${kind} and record_id = any(${uuidList(recordIds)})`,
  );
}

/**
 * The other holders of `keys` (those not in `recordIds`), for each key held by at most the limit of them: when the
 * records gain or lose a key, its other holders' pairs by it may appear (the key fell back under the limit) or go
 * (it passed the limit), so theirs are rebuilt too — at most the limit of records per key, one index probe each.
 */
export async function otherHolders(db: Db, orgId: string, kind: DuplicateKind, recordIds: string[], keys: Omit<KeyRow, 'recordId'>[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct h.id from (select distinct t, k from unnest(${textList(keys.map((row) => row.keyType))}, ${textList(keys.map((row) => row.key))}) as u(t, k)) u
        cross join lateral (select array(select k.record_id from ${recordMatchKeys} k where k.org_id = ${orgId} and k.kind = ${kind}
                              and k.key_type = u.t and k.key = u.k and k.record_id <> all(${uuidList(recordIds)}) limit ${duplicateKeyMaxRecords + 1}) as holders) c
        cross join lateral unnest(c.holders) h(id)
        where cardinality(c.holders) <= ${duplicateKeyMaxRecords}`,
  );
  return rows.map((row) => row.id);
}

const textList = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

/**
 * Adds keys, 20 000 rows a statement as three array parameters unnested in SQL: a statement of 5 parameters a row
 * (drizzle's values list) spent more time building and binding 20 000 parameters than the database spent inserting.
 */
export async function insertKeys(db: Db, orgId: string, kind: DuplicateKind, rows: KeyRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = rows.slice(i, i + 20_000);
    await db.execute(sql`insert into ${recordMatchKeys} (org_id, kind, record_id, key_type, key)
      select ${orgId}, ${kind}, r, t, k
      from unnest(${uuidList(chunk.map((row) => row.recordId))}, ${textList(chunk.map((row) => row.keyType))}, ${textList(chunk.map((row) => row.key))}) as u(r, t, k)
      on conflict do nothing`);
  }
}

const weights = sql.join(
  Object.entries(duplicateReasonWeights).map(([type, weight]) => sql`(${type}, ${weight}::int)`),
  sql`, `,
);

const pairsInsert = (orgId: string, kind: DuplicateKind, shared: SQL) => sql`
    with shared as (${shared})
    insert into ${duplicatePairs} (org_id, kind, record_a, record_b, score, reasons)
    select ${orgId}, ${kind}, ra, rb, least(100, sum(w.weight))::int, array_agg(s.key_type order by s.key_type)
    from shared s join (values ${weights}) as w(key_type, weight) on w.key_type = s.key_type
    group by ra, rb
    on conflict (org_id, kind, record_a, record_b) do update set score = excluded.score, reasons = excluded.reasons, updated_at = now()`;

/**
 * Recomputes the pairs of `recordIds` from the stored keys, keeping dismissals: a pair scores the weights of the key
 * types it shares (capped at 100); a key shared by more than duplicateKeyMaxRecords records counts for nothing.
 */
export async function rebuildPairs(db: Db, orgId: string, kind: DuplicateKind, recordIds: string[]): Promise<void> {
  if (recordIds.length === 0) return;
  const ids = uuidList(recordIds);
  for (const side of [sql`record_a`, sql`record_b`]) {
    await db.execute(sql`delete from ${duplicatePairs} where ${side} = any(${ids}) and org_id = ${orgId} and kind = ${kind} and dismissed_at is null`);
  }
  // A few records: for each of their keys, its holders read as one array by a subplan — one probe of the primary
  // key's index per key, at most one past the limit. (As lateral joins, the planner could pull the holders up and
  // scan every key of the workspace per key: 100 000 contacts took minutes per batch.)
  await db.execute(
    pairsInsert(
      orgId,
      kind,
      sql`select distinct least(x, y) as ra, greatest(x, y) as rb, u.key_type
          from (select distinct key_type, key from ${recordMatchKeys} where org_id = ${orgId} and kind = ${kind} and record_id = any(${ids})) u
          cross join lateral (select array(select k.record_id from ${recordMatchKeys} k where k.org_id = ${orgId} and k.kind = ${kind}
                                and k.key_type = u.key_type and k.key = u.key limit ${duplicateKeyMaxRecords + 1}) as holders) h
          cross join lateral unnest(h.holders) x
          cross join lateral unnest(h.holders) y
          where cardinality(h.holders) between 2 and ${duplicateKeyMaxRecords} and x < y and (x = any(${ids}) or y = any(${ids}))`,
    ),
  );
}

/** Record ids in (after, upTo], ordered as uuids; a null end is open: the full scan's page of ids. */
export interface IdRange {
  after: string | null;
  upTo: string | null;
}

const inRange = (column: SQL, range: IdRange) =>
  sql`${range.after ? sql`and ${column} > ${range.after}` : sql``} ${range.upTo ? sql`and ${column} <= ${range.upTo}` : sql``}`;

/** Drops the keys of every record id in `range`, live or gone (the full scan then stores the live ones' anew). */
export async function dropKeys(db: Db, orgId: string, kind: DuplicateKind, range: IdRange): Promise<void> {
  await db.execute(sql`delete from ${recordMatchKeys} where org_id = ${orgId} and kind = ${kind} ${inRange(sql`record_id`, range)}`);
}

/** Drops the undismissed pairs with a record id in `range` on either side, gone records' too. */
export async function dropPairs(db: Db, orgId: string, kind: DuplicateKind, range: IdRange): Promise<void> {
  for (const side of [sql`record_a`, sql`record_b`]) {
    await db.execute(sql`delete from ${duplicatePairs} where org_id = ${orgId} and kind = ${kind} and dismissed_at is null ${inRange(side, range)}`);
  }
}

/**
 * Serialises, until the transaction ends, the full scan's pages and the follower's refreshes of one workspace's kind
 * (PostgreSQL; PGlite runs one transaction at a time anyway): a page reading a record just before an edit commits
 * could otherwise store its old keys after the follower stored the new ones, wrong until the record's next change.
 */
export async function lockKind(db: Db, orgId: string, kind: DuplicateKind): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`duplicates:${orgId}:${kind}`}, 0))`);
}

/** Forgets the keys and pairs of records gone for good (purged, merged away). */
export async function forget(db: Db, orgId: string, kind: DuplicateKind, recordIds: string[]): Promise<void> {
  await db.execute(sql`delete from ${recordMatchKeys} where org_id = ${orgId} and kind = ${kind} and record_id = any(${uuidList(recordIds)})`);
  await db.execute(sql`delete from ${duplicatePairs} where org_id = ${orgId} and kind = ${kind}
    and (record_a = any(${uuidList(recordIds)}) or record_b = any(${uuidList(recordIds)}))`);
}

export interface PairRow {
  score: number;
  reasons: DuplicateReason[];
  recordA: string;
  recordB: string;
}

/** The visible subquery of a kind: live record ids the actor may see (`visibility` is the kind's owner predicate). */
function visibleIds(kind: DuplicateKind, orgId: string, visibility: SQL): SQL {
  const table = kind === 'contact' ? contacts : companies;
  return sql`(select id from ${table} where org_id = ${orgId} and deleted_at is null and ${visibility})`;
}

/** Undismissed pairs whose two records are live and visible, best score first, after the cursor's pair. */
export async function listPairs(
  db: Db,
  orgId: string,
  kind: DuplicateKind,
  visibility: SQL,
  limit: number,
  after?: { score: number; recordA: string; recordB: string },
): Promise<PairRow[]> {
  const afterSql = after
    ? sql`and (score < ${after.score} or (score = ${after.score} and (record_a, record_b) > (${after.recordA}::uuid, ${after.recordB}::uuid)))`
    : sql``;
  const visible = visibleIds(kind, orgId, visibility);
  return queryRows<PairRow>(
    db,
    sql`select score, reasons, record_a as "recordA", record_b as "recordB" from ${duplicatePairs}
        where org_id = ${orgId} and kind = ${kind} and dismissed_at is null
          and record_a in ${visible} and record_b in ${visible} ${afterSql}
        order by score desc, record_a, record_b limit ${limit}`,
  );
}

/** Marks a pair "not a duplicate" when both records are visible; answers how many pairs changed (0 or 1). */
export async function dismissPair(db: Db, orgId: string, kind: DuplicateKind, visibility: SQL, ids: [string, string], userId: string): Promise<number> {
  const [a, b] = ids[0] < ids[1] ? ids : [ids[1], ids[0]];
  const visible = visibleIds(kind, orgId, visibility);
  const rows = await queryRows<{ recordA: string }>(
    db,
    sql`update ${duplicatePairs} set dismissed_at = now(), dismissed_by_user_id = ${userId}, updated_at = now()
        where org_id = ${orgId} and kind = ${kind} and record_a = ${a} and record_b = ${b} and dismissed_at is null
          and record_a in ${visible} and record_b in ${visible}
        returning record_a as "recordA"`,
  );
  return rows.length;
}

export interface RecordCard {
  id: string;
  name: string;
  detail: string | null;
  ownerName: string | null;
  createdAt: Date;
}

const ownerName = (owner: SQL) => sql<string | null>`(select nullif(${personNameSql(users.firstName, users.lastName)}, '') from ${users} where ${users.id} = ${owner})`;

/** What the list shows of each record: its name, a telling detail, owner and creation date. */
export async function recordCards(db: Db, orgId: string, kind: DuplicateKind, ids: string[]): Promise<RecordCard[]> {
  if (ids.length === 0) return [];
  if (kind === 'contact') {
    return queryRows<RecordCard>(
      db,
      sql`select c.id, ${personNameSql(sql`c.first_name`, sql`c.last_name`)} as name,
            coalesce(c.phones -> 0 ->> 'value', c.emails -> 0 ->> 'value') as detail,
            ${ownerName(sql`c.owner_user_id`)} as "ownerName", c.created_at as "createdAt"
          from ${contacts} c where c.org_id = ${orgId} and c.id = any(${uuidList(ids)})`,
    );
  }
  return queryRows<RecordCard>(
    db,
    sql`select c.id, c.name, coalesce(c.tax, c.phones -> 0 ->> 'value', c.email) as detail,
          ${ownerName(sql`c.owner_user_id`)} as "ownerName", c.created_at as "createdAt"
        from ${companies} c where c.org_id = ${orgId} and c.id = any(${uuidList(ids)})`,
  );
}

/** Workspaces with live contacts or companies (the full scan's list). */
export async function workspacesWithRecords(db: Db): Promise<string[]> {
  const rows = await queryRows<{ orgId: string }>(
    db,
    sql`select o.id as "orgId" from ${organizations} o where exists (select 1 from ${contacts} c where c.org_id = o.id and c.deleted_at is null)
          or exists (select 1 from ${companies} c where c.org_id = o.id and c.deleted_at is null)`,
  );
  return rows.map((r) => r.orgId);
}

/**
 * Fresh planner statistics for the two tables (after the full scan, and every few thousand followed events): with the
 * estimates of an empty table the planner scans a workspace's keys per lookup instead of using the key's index.
 */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze ${recordMatchKeys}`);
  await db.execute(sql`analyze ${duplicatePairs}`);
}
