import type { LineConversation, LineMessage } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { fileUrl } from '../../access/files/files.ts';
import { assertCan, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import { assertOwner } from '../../records/record-actions.ts';
import { or, isNull, type SQL } from 'drizzle-orm';
import { channelToken, lineFailure, type LineDeps } from './line.deps.ts';
import { LineApiError, type LineOutgoing } from './line.client.ts';
import * as lineRepository from './line.repository.ts';
import type { ConversationRow, MessageRow } from './line.repository.ts';
import { lineFriends } from './line.table.ts';
import { recordAssignment } from './line.routing.ts';

/** The "Social (LINE)" tab: privilege feature `social`; unassigned conversations are everyone's, assigned ones follow the scope. */

const pageSize = 50;
/** LINE accepts a reply token for about a minute after its event; keep a margin. */
const replyFreshSeconds = 50;

export async function visibility(db: Db, actor: Actor): Promise<SQL> {
  assertCan(actor, 'social', 'view');
  return or(isNull(lineFriends.ownerUserId), await ownerPredicate(db, actor, 'social', lineFriends.ownerUserId))!;
}

export function toConversation(row: ConversationRow, actor: Actor): LineConversation {
  const f = row.friend;
  return {
    id: f.id,
    lineUserId: f.lineUserId,
    displayName: f.displayName,
    pictureUrl: f.pictureUrl,
    status: f.status,
    contact: f.contactId && !row.contactDeleted ? { id: f.contactId, name: row.contactName ?? '' } : null,
    owner: f.ownerUserId ? { userId: f.ownerUserId, name: row.ownerName ?? '' } : null,
    unread: f.unread,
    lastMessageAt: f.lastMessageAt?.toISOString() ?? null,
    lastMessage: f.lastMessage,
    lastMessageKind: f.lastMessageKind,
    canReply: !f.ownerUserId || f.ownerUserId === actor.userId,
  };
}

function toMessage(orgId: string, m: MessageRow, senderName: string | null): LineMessage {
  return {
    id: m.id,
    direction: m.direction,
    kind: m.kind,
    text: m.text,
    sticker: m.sticker ?? null,
    imageUrl: fileUrl(orgId, m.fileId),
    sentBy: m.sentByUserId ? { userId: m.sentByUserId, name: senderName ?? '' } : null,
    via: m.via,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function loadConversation(db: Db, actor: Actor, id: string): Promise<ConversationRow> {
  const row = await lineRepository.findConversation(db, actor.orgId, id, await visibility(db, actor));
  if (!row) throw new AppError('LINE_CONVERSATION_NOT_FOUND');
  return row;
}

export async function listConversations(db: Db, deps: LineDeps, actor: Actor, query: { keyword?: string | undefined; page: number }) {
  const visible = await visibility(db, actor);
  const { rows, total } = await lineRepository.listConversations(db, actor.orgId, visible, query.keyword || undefined, query.page, pageSize);
  return { items: rows.map((row) => toConversation(row, actor)), total, quota: await quota(db, deps, actor.orgId) };
}

/** The month's message quota as LINE reports it; null when not connected or LINE does not answer. */
async function quota(db: Db, deps: LineDeps, orgId: string) {
  const channel = await lineRepository.findChannel(db, orgId);
  if (!channel?.channelSecret || channel.completedSteps < 3) return null;
  try {
    return await deps.client.quota(await channelToken(db, deps, channel));
  } catch {
    return null;
  }
}

/** The conversation and its latest messages; opening it marks it read. */
export async function viewConversation(db: Db, actor: Actor, id: string) {
  const row = await loadConversation(db, actor, id);
  if (row.friend.unread > 0) await lineRepository.updateFriend(db, actor.orgId, id, { unread: 0 });
  const messages = await lineRepository.listMessages(db, actor.orgId, id);
  return {
    conversation: toConversation({ ...row, friend: { ...row.friend, unread: 0 } }, actor),
    messages: messages.map((m) => toMessage(actor.orgId, m.message, m.senderName)),
  };
}

/**
 * After a member opened the conversation: tell LINE the friend's messages were read (docs/product.md#line-channel,
 * read receipts). Only with Chat on at LINE (`chatMode` "chat"); with it off LINE marks every message read itself.
 * Best effort, after the answer: a refusal leaves the message unmarked for the next view.
 */
export async function markReadAtLine(db: Db, deps: LineDeps, orgId: string, friendId: string): Promise<void> {
  const channel = await lineRepository.findChannel(db, orgId);
  if (!channel || channel.chatMode !== 'chat' || channel.completedSteps < 3) return;
  const claimed = await lineRepository.claimReadMark(db, orgId, friendId);
  if (!claimed) return;
  try {
    await deps.client.markAsRead(await channelToken(db, deps, channel), claimed.token);
  } catch {
    await lineRepository.releaseReadMark(db, orgId, claimed.id);
  }
}

/**
 * Sends a text through the official account: with the conversation's reply token while it is fresh and
 * unused (free of the monthly quota), else as a push. LINE's refusal is shown in the user's language.
 */
export async function send(db: Db, deps: LineDeps, actor: Actor, id: string, text: string, quickReplies: string[] = []): Promise<LineMessage> {
  const row = await loadConversation(db, actor, id);
  assertCan(actor, 'social', 'create');
  if (row.friend.ownerUserId && row.friend.ownerUserId !== actor.userId) throw new AppError('LINE_CONVERSATION_NOT_YOURS', { owner: row.ownerName ?? '' });
  if (row.friend.status === 'unfollowed') throw new AppError('LINE_FRIEND_UNFOLLOWED');
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel || channel.id !== row.friend.channelRowId || channel.completedSteps < 4) throw new AppError('LINE_NOT_CONNECTED');
  const token = await channelToken(db, deps, channel);
  const quickReply = quickReplies.length > 0 ? { items: quickReplies.map((label) => ({ type: 'action' as const, action: { type: 'message' as const, label, text: label } })) } : undefined;
  const messages: LineOutgoing[] = [{ type: 'text', text, ...(quickReply ? { quickReply } : {}) }];
  let via: 'reply' | 'push' = 'push';
  const replyToken = await lineRepository.takeReplyToken(db, actor.orgId, id, replyFreshSeconds);
  try {
    if (replyToken) {
      try {
        await deps.client.reply(token, replyToken, messages);
        via = 'reply';
      } catch (error) {
        // An expired or used reply token: the push below still delivers.
        if (!(error instanceof LineApiError && error.status === 400)) throw error;
      }
    }
    if (via === 'push') await deps.client.push(token, row.friend.lineUserId, messages);
  } catch (error) {
    throw lineFailure(error);
  }
  const message = await db.transaction(async (tx) => {
    const saved = await lineRepository.insertMessage(tx, actor.orgId, { friendId: id, direction: 'out', kind: 'text', text, sentByUserId: actor.userId, via });
    await lineRepository.updateFriend(tx, actor.orgId, id, { lastMessageAt: saved.createdAt, lastMessage: text.slice(0, 200), lastMessageKind: 'text' });
    if (row.friend.contactId) {
      await timelineService.record(tx, actor.orgId, actor.userId, 'contact', [row.friend.contactId], 'lineMessage', { lineMessage: ['out', text.slice(0, 500)] });
    }
    return saved;
  });
  return toMessage(actor.orgId, message, null);
}

/** Assigns an owner (a member of the workspace), or none; needs the social transfer privilege. */
export async function assign(db: Db, actor: Actor, id: string, ownerUserId: string | null): Promise<LineConversation> {
  const { friend } = await loadConversation(db, actor, id);
  assertCan(actor, 'social', 'transfer');
  if (ownerUserId) await assertOwner(db, actor.orgId, ownerUserId);
  await db.transaction(async (tx) => {
    await lineRepository.updateFriend(tx, actor.orgId, id, { ownerUserId });
    await recordAssignment(tx, actor.orgId, friend, ownerUserId, 'manual', { actorUserId: actor.userId });
  });
  return toConversation(await loadConversation(db, actor, id), actor);
}

/** The viewer takes the conversation over (to reply to a colleague's customer); needs the reply privilege. */
export async function takeOver(db: Db, actor: Actor, id: string): Promise<LineConversation> {
  const { friend } = await loadConversation(db, actor, id);
  assertCan(actor, 'social', 'create');
  await db.transaction(async (tx) => {
    await lineRepository.updateFriend(tx, actor.orgId, id, { ownerUserId: actor.userId });
    await recordAssignment(tx, actor.orgId, friend, actor.userId, 'takeOver', { actorUserId: actor.userId });
  });
  return toConversation(await loadConversation(db, actor, id), actor);
}
