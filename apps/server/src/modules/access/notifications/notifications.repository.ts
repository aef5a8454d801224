import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from './notifications.table.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInput = Pick<typeof notifications.$inferInsert, 'userId' | 'kind' | 'subject' | 'title' | 'body' | 'link'>;

/** Adds one, or refreshes the member's unread one about the same subject (the partial unique index). */
export async function upsert(db: Db, orgId: string, input: NotificationInput): Promise<void> {
  await db
    .insert(notifications)
    .values({ orgId, ...input })
    .onConflictDoUpdate({
      target: [notifications.orgId, notifications.userId, notifications.subject],
      targetWhere: sql`read_at is null`,
      set: { kind: input.kind, title: input.title, body: input.body ?? null, link: input.link, createdAt: sql`now()` },
    });
}

export function listForUser(db: Db, orgId: string, userId: string, limit = 30): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.userId, userId)))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function countUnread(db: Db, orgId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markAllRead(db: Db, orgId: string, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.orgId, orgId), eq(notifications.userId, userId), isNull(notifications.readAt)));
}
