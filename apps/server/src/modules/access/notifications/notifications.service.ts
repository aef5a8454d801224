import type { Notification } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../privileges/access-core.ts';
import * as notificationsRepository from './notifications.repository.ts';
import type { NotificationInput, NotificationRow } from './notifications.repository.ts';

/** In-app notifications (docs/product.md#notifications): other modules notify, each member reads only their own. */

/** Notifies a member, in the caller's transaction (pass the transaction handle). */
export function notify(db: Db, orgId: string, input: NotificationInput): Promise<void> {
  return notificationsRepository.upsert(db, orgId, { ...input, title: input.title.slice(0, 200), body: input.body?.slice(0, 200) ?? null });
}

function toNotification(row: NotificationRow): Notification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, read: row.readAt !== null, createdAt: row.createdAt.toISOString() };
}

export async function listMine(db: Db, actor: Actor): Promise<{ items: Notification[]; unread: number }> {
  const [rows, unread] = await Promise.all([notificationsRepository.listForUser(db, actor.orgId, actor.userId), notificationsRepository.countUnread(db, actor.orgId, actor.userId)]);
  return { items: rows.map(toNotification), unread };
}

export function readAll(db: Db, actor: Actor): Promise<void> {
  return notificationsRepository.markAllRead(db, actor.orgId, actor.userId);
}
