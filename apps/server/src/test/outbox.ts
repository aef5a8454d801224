import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/paging.ts';

/**
 * Runs an outbox consumer until its cursor has passed every committed event. The outbox is read only behind the
 * oldest transaction in flight on the whole server (platform/events.ts): on a PostgreSQL server shared with other
 * test files, one run can stop short of events just written.
 */
export async function consumeAll(db: Db, consumer: string, run: () => Promise<unknown>): Promise<void> {
  await expect
    .poll(
      async () => {
        await run();
        const [row] = await queryRows<{ done: boolean }>(
          db,
          sql`select coalesce((select (c.last_xid, c.last_seq) >= (e.xid, e.seq) from event_cursors c,
                (select xid, seq from events order by xid desc, seq desc limit 1) e where c.consumer = ${consumer}), true) as done`,
        );
        return row?.done;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}
