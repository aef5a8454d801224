import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import type { recordHistory } from './history.table.ts';

export type HistoryRow = typeof recordHistory.$inferSelect;

/** One record's history, newest first, keyset on seq (the table is written by the history migration's trigger only). */
export async function listRecordHistory(db: Db, orgId: string, kind: string, recordId: string, limit: number, before?: number): Promise<HistoryRow[]> {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select seq, org_id as "orgId", record_kind as "recordKind", record_id as "recordId", action, actor, occurred_at as "occurredAt", changes
        from record_history where org_id = ${orgId} and record_kind = ${kind} and record_id = ${recordId}
        ${before === undefined ? sql`` : sql`and seq < ${before}`}
        order by seq desc limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

export async function findEntry(db: Db, orgId: string, kind: string, recordId: string, seq: number): Promise<HistoryRow | undefined> {
  const [row] = await listRecordHistory(db, orgId, kind, recordId, 1, seq + 1);
  return row?.seq === seq ? row : undefined;
}
