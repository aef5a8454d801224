import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { auditLog, auditLogSettings } from './audit-log.table.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = Pick<typeof auditLog.$inferInsert, 'orgId' | 'type' | 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent' | 'target' | 'details'>;

/** Position, times and hashes come from the chain trigger (audit-log migration). */
export async function insertEntries(db: Db | Tx, rows: AuditInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

export interface AuditFilter {
  type?: string | undefined;
  userId?: string | undefined;
  /** Instants (ISO): from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

function where(orgId: string, filter: AuditFilter, before?: number): SQL {
  const parts: SQL[] = [sql`org_id = ${orgId}`];
  if (filter.type) parts.push(sql`type = ${filter.type}`);
  if (filter.userId) parts.push(sql`actor_user_id = ${filter.userId}`);
  if (filter.from) parts.push(sql`occurred_at >= ${filter.from}::timestamptz`);
  if (filter.to) parts.push(sql`occurred_at < ${filter.to}::timestamptz`);
  if (before !== undefined) parts.push(sql`position < ${before}`);
  return sql.join(parts, sql` and `);
}

const columns = sql`position, occurred_at as "occurredAt", type, actor_user_id as "actorUserId", actor_label as "actorLabel", ip, user_agent as "userAgent", target, details, hash`;
export type AuditListRow = Pick<AuditRow, 'position' | 'occurredAt' | 'type' | 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent' | 'target' | 'details' | 'hash'>;

/** Newest first, keyset on the workspace's position. */
export async function listEntries(db: Db, orgId: string, filter: AuditFilter, limit: number, before?: number): Promise<AuditListRow[]> {
  const rows = await queryRows<AuditListRow>(db, sql`select ${columns} from audit_log where ${where(orgId, filter, before)} order by position desc limit ${limit}`);
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}

/**
 * The chain check in the database, by the same hash function the trigger used: each row's hash recomputed from its
 * stored previous hash, and each previous hash equal to the hash of the row before it (the oldest kept row's previous
 * hash is the anchor pruning left). Answers the rows checked and the first broken position.
 */
export async function verifyChain(db: Db, orgId: string): Promise<{ checked: number; brokenAt: number | null }> {
  const [row] = await queryRows<{ checked: number; brokenAt: string | null }>(
    db,
    sql`with chain as (
          select a.position, a.hash = lodestar_audit_hash(a.prev_hash, a) as sound,
            lag(a.hash) over (order by a.position) as prior_hash, lag(a.position) over (order by a.position) as prior_position, a.prev_hash
          from audit_log a where a.org_id = ${orgId}
        )
        select count(*)::int as checked,
          min(position) filter (where not sound or (prior_hash is not null and (prev_hash <> prior_hash or position <> prior_position + 1))) as "brokenAt"
        from chain`,
  );
  return { checked: row?.checked ?? 0, brokenAt: row?.brokenAt == null ? null : Number(row.brokenAt) };
}

export async function findRetentionDays(db: Db, orgId: string): Promise<number | undefined> {
  const [row] = await queryRows<{ days: number }>(db, sql`select retention_days as days from audit_log_settings where org_id = ${orgId}`);
  return row?.days;
}

export async function saveRetentionDays(db: Db | Tx, orgId: string, days: number): Promise<void> {
  await db
    .insert(auditLogSettings)
    .values({ orgId, retentionDays: days })
    .onConflictDoUpdate({ target: auditLogSettings.orgId, set: { retentionDays: days, updatedAt: sql`now()` } });
}

/**
 * Deletes every workspace's entries past its retention. Positions grow with time, so what goes is always a whole
 * prefix of each chain; the oldest row left keeps its previous hash, which anchors the chain from then on.
 */
export async function pruneExpired(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`with gone as (
          delete from audit_log a where a.occurred_at < now() - make_interval(days => coalesce(
            (select s.retention_days from audit_log_settings s where s.org_id = a.org_id), 365))
          returning 1)
        select count(*)::int as count from gone`,
  );
  return row?.count ?? 0;
}
