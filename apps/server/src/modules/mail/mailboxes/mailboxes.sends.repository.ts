import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { mailSends } from './mailboxes.table.ts';

/** Queued sends (mailboxes.sends.ts): the only queries on `mail_sends`. */

export type MailSendRow = typeof mailSends.$inferSelect;
export type MailSendInsert = Omit<typeof mailSends.$inferInsert, 'id'>;

/** Answers whether a row was added (false: this source was queued before). */
export async function queueSend(db: Db, values: MailSendInsert): Promise<boolean> {
  const rows = await db.insert(mailSends).values(values).onConflictDoNothing({ target: [mailSends.orgId, mailSends.source] }).returning({ id: mailSends.id });
  return rows.length > 0;
}

export interface ClaimedSend extends MailSendRow {
  /** The status before this claim: `sending` means an earlier attempt was cut off between the marker and the send's end. */
  previousStatus: 'queued' | 'sending';
}

/**
 * Claims due rows (all workspaces) with SKIP LOCKED and writes the sent-marker `sending` in the same statement, so
 * the marker is committed before any attempt starts.
 */
export async function claimDueSends(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedSend[]> {
  const rows = await queryRows<{ id: string; previous: 'queued' | 'sending' }>(
    db,
    sql`with due as (
          select id, status from mail_sends
          where status in ('queued', 'sending') and run_at <= now() and (locked_until is null or locked_until < now())
          order by run_at limit ${limit} for update skip locked)
        update mail_sends m set status = 'sending', attempts = m.attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
        from due where m.id = due.id
        returning m.id, due.status as previous`,
  );
  if (rows.length === 0) return [];
  const full = await db.select().from(mailSends).where(sql`${mailSends.id} in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
  const previous = new Map(rows.map((r) => [r.id, r.previous]));
  return full.map((row) => ({ ...row, previousStatus: previous.get(row.id) ?? 'queued' }));
}

export async function finishSend(db: Db, id: string, values: Partial<Pick<MailSendRow, 'status' | 'via' | 'error' | 'sentAt' | 'runAt' | 'lockedUntil'>>): Promise<void> {
  await db.update(mailSends).set(values).where(eq(mailSends.id, id));
}


export async function findSends(db: Db, orgId: string, sources: string[]): Promise<Pick<MailSendRow, 'source' | 'status' | 'error'>[]> {
  if (sources.length === 0) return [];
  return db.select({ source: mailSends.source, status: mailSends.status, error: mailSends.error }).from(mailSends).where(and(eq(mailSends.orgId, orgId), inArray(mailSends.source, sources)));
}
