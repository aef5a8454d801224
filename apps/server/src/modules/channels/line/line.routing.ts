import type { LineAssignmentVia, LineRouting, LineRoutingBody, NotificationKind } from '@lodestar/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { emitEvent } from '../../../platform/events.ts';
import * as membersService from '../../access/members/members.service.ts';
import * as notificationsService from '../../access/notifications/notifications.service.ts';
import { assertCan, assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as lineRepository from './line.repository.ts';
import type { ChannelRow, FriendRow } from './line.repository.ts';
import { lineChannels } from './line.table.ts';
import { normalizeKeyword } from './line.segments.ts';

/**
 * Routing (docs/product.md#line-channel): a new friend or an unassigned conversation gets an owner — the first keyword
 * rule the message contains, else the next of the round-robin members — and every assignment leaves its
 * `conversation.assigned` event and tells the new owner (the bell).
 */

export async function getRouting(db: Db, actor: Actor): Promise<LineRouting> {
  assertCan(actor, 'social', 'view');
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel) throw new AppError('LINE_NOT_CONNECTED');
  return { memberIds: channel.routingMemberIds, rules: channel.routingRules };
}

/** Administrators choose the members (activated members of the workspace) and the rules. */
export async function saveRouting(db: Db, actor: Actor, body: LineRoutingBody): Promise<LineRouting> {
  assertSystemAdministrator(actor);
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel) throw new AppError('LINE_NOT_CONNECTED');
  const memberIds = [...new Set(body.memberIds)];
  const active = new Set(await membersService.findActivatedUserIds(db, actor.orgId, [...memberIds, ...body.rules.map((r) => r.userId)]));
  if (memberIds.some((id) => !active.has(id))) throw fieldError('memberIds', 'invalidValue');
  if (body.rules.some((r) => !active.has(r.userId))) throw fieldError('rules', 'invalidValue');
  const rules = body.rules.map((r) => ({ keyword: r.keyword.trim(), userId: r.userId }));
  // Turns restart with a new member list, so the first member is next.
  const row = await lineRepository.updateChannel(db, actor.orgId, channel.id, { routingMemberIds: memberIds, routingRules: rules, routingTurns: 0 });
  return { memberIds: row.routingMemberIds, rules: row.routingRules };
}

/**
 * Who receives the conversation, inside the event's transaction: a rule whose keyword the text contains (case, width
 * and spaces ignored), else the round-robin's next member. The turn is taken by one conditional increment of the
 * channel row, so concurrent events (and app servers) take distinct turns. Members no longer active are passed over.
 */
export async function routeOwner(tx: Db, orgId: string, channel: ChannelRow, text: string | null): Promise<{ userId: string; via: LineAssignmentVia } | null> {
  const candidates = [...channel.routingRules.map((r) => r.userId), ...channel.routingMemberIds];
  if (candidates.length === 0) return null;
  const active = new Set(await membersService.findActivatedUserIds(tx, orgId, candidates));
  if (text) {
    const normalized = normalizeKeyword(text);
    const rule = channel.routingRules.find((r) => active.has(r.userId) && normalized.includes(normalizeKeyword(r.keyword)));
    if (rule) return { userId: rule.userId, via: 'keyword' };
  }
  const members = channel.routingMemberIds.filter((id) => active.has(id));
  if (members.length === 0) return null;
  const [turn] = await tx
    .update(lineChannels)
    .set({ routingTurns: sql`${lineChannels.routingTurns} + 1` })
    .where(and(eq(lineChannels.orgId, orgId), eq(lineChannels.id, channel.id)))
    .returning({ turns: lineChannels.routingTurns });
  return { userId: members[(turn!.turns - 1) % members.length]!, via: 'roundRobin' };
}

/** The assignment's event and, for an owner other than the one who acted, a notification; in the caller's transaction. */
export async function recordAssignment(
  tx: Db,
  orgId: string,
  friend: Pick<FriendRow, 'id' | 'lineUserId' | 'displayName' | 'contactId'>,
  ownerUserId: string | null,
  via: LineAssignmentVia,
  notice: { actorUserId: string | null; text?: string | null },
): Promise<void> {
  await emitEvent(tx, {
    orgId,
    type: 'conversation.assigned',
    recordKind: 'conversation',
    recordId: friend.id,
    record: { id: friend.id, line_user_id: friend.lineUserId, display_name: friend.displayName, contact_id: friend.contactId, owner_user_id: ownerUserId, via },
  });
  if (ownerUserId && ownerUserId !== notice.actorUserId) await notifyOwner(tx, orgId, friend, ownerUserId, 'lineAssigned', notice.text ?? null);
}

/** The owner's bell: one unread line per conversation, refreshed by each new message. */
export function notifyOwner(tx: Db, orgId: string, friend: Pick<FriendRow, 'id' | 'displayName'>, ownerUserId: string, kind: NotificationKind, text: string | null): Promise<void> {
  return notificationsService.notify(tx, orgId, { userId: ownerUserId, kind, subject: `line:${friend.id}`, title: friend.displayName, body: text, link: `social/line/${friend.id}` });
}
