import type { LineConversation, LineMessage } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { FastifyReply } from 'fastify';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { fileUrl, readFile, saveUpload, type Upload } from '../../access/files/files.ts';
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
import { extensionOf, outgoingFor, sendStored, storeUpload } from './line.media.ts';

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

/** A friend's content is read through the content endpoint (fetched from LINE on first view); ours from our files. */
function contentUrl(orgId: string, m: MessageRow): string | null {
  if (m.direction === 'out') return fileUrl(orgId, m.fileId);
  return m.fileId || m.lineMessageId ? `/api/social/line/conversations/${m.friendId}/messages/${m.id}/content?orgId=${orgId}` : null;
}

function toMessage(orgId: string, m: MessageRow, senderName: string | null): LineMessage {
  const url = contentUrl(orgId, m);
  const isFile = m.kind === 'file' || m.kind === 'video' || m.kind === 'audio';
  return {
    id: m.id,
    direction: m.direction,
    kind: m.kind,
    text: m.text,
    sticker: m.sticker ?? null,
    imageUrl: m.kind === 'image' ? url : null,
    file: isFile && url ? { name: m.fileName ?? m.kind, size: m.fileSize, url } : null,
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

/** The conversation the actor may reply in now, with its channel's token. */
async function replyTarget(db: Db, deps: LineDeps, actor: Actor, id: string) {
  const row = await loadConversation(db, actor, id);
  assertCan(actor, 'social', 'create');
  if (row.friend.ownerUserId && row.friend.ownerUserId !== actor.userId) throw new AppError('LINE_CONVERSATION_NOT_YOURS', { owner: row.ownerName ?? '' });
  if (row.friend.status === 'unfollowed') throw new AppError('LINE_FRIEND_UNFOLLOWED');
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel || channel.id !== row.friend.channelRowId || channel.completedSteps < 4) throw new AppError('LINE_NOT_CONNECTED');
  return { row, token: await channelToken(db, deps, channel) };
}

/**
 * Delivers with the conversation's reply token while it is fresh and unused (free of the monthly quota), else as a
 * push. LINE's refusal is shown in the user's language.
 */
async function deliver(db: Db, deps: LineDeps, orgId: string, id: string, lineUserId: string, token: string, messages: LineOutgoing[]): Promise<'reply' | 'push'> {
  let via: 'reply' | 'push' = 'push';
  const replyToken = await lineRepository.takeReplyToken(db, orgId, id, replyFreshSeconds);
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
    if (via === 'push') await deps.client.push(token, lineUserId, messages);
  } catch (error) {
    throw lineFailure(error);
  }
  return via;
}

/** Our message saved, the conversation's last message and the contact's timeline moved; nothing waits for a reply now. */
async function recordSent(db: Db, actor: Actor, row: ConversationRow, values: Omit<Parameters<typeof lineRepository.insertMessage>[2], 'friendId' | 'direction'>, summary: string) {
  return db.transaction(async (tx) => {
    const saved = await lineRepository.insertMessage(tx, actor.orgId, { ...values, friendId: row.friend.id, direction: 'out', sentByUserId: actor.userId });
    await lineRepository.updateFriend(tx, actor.orgId, row.friend.id, {
      lastMessageAt: saved.createdAt,
      lastMessage: summary.slice(0, 200),
      lastMessageKind: saved.kind,
      awaitingReplySince: null,
      awaitingNoticeAt: null,
    });
    if (row.friend.contactId) {
      await timelineService.record(tx, actor.orgId, actor.userId, 'contact', [row.friend.contactId], 'lineMessage', { lineMessage: ['out', summary.slice(0, 500)] });
    }
    return saved;
  });
}

/** Sends a text through the official account (with the saved reply's quick-reply buttons, if any). */
export async function send(db: Db, deps: LineDeps, actor: Actor, id: string, text: string, quickReplies: string[] = []): Promise<LineMessage> {
  const { row, token } = await replyTarget(db, deps, actor, id);
  const quickReply = quickReplies.length > 0 ? { items: quickReplies.map((label) => ({ type: 'action' as const, action: { type: 'message' as const, label, text: label } })) } : undefined;
  const via = await deliver(db, deps, actor.orgId, id, row.friend.lineUserId, token, [{ type: 'text', text, ...(quickReply ? { quickReply } : {}) }]);
  return toMessage(actor.orgId, await recordSent(db, actor, row, { kind: 'text', text, via }, text), null);
}

/**
 * POST …/files: a photo or file. Stored first (a file of the workspace), then sent as an image message or a link
 * (line.media.ts); LINE refusing it leaves the stored file unused, nothing in the conversation.
 */
export async function sendFile(db: Db, deps: LineDeps, actor: Actor, id: string, upload: Upload | undefined): Promise<LineMessage> {
  if (!upload) throw fieldError('file', 'required');
  const { row, token } = await replyTarget(db, deps, actor, id);
  const fileId = await storeUpload(db, deps, actor.orgId, { ...upload, field: 'file' });
  const { message, kind } = outgoingFor(deps, actor.orgId, fileId, { filename: upload.filename, mimeType: upload.mimeType, bytes: upload.data.length });
  const via = await deliver(db, deps, actor.orgId, id, row.friend.lineUserId, token, [message]);
  const name = upload.filename.slice(0, 200);
  const saved = await recordSent(db, actor, row, { kind, text: null, fileId, fileName: name, fileSize: upload.data.length, via }, `[${kind}] ${name}`);
  return toMessage(actor.orgId, saved, null);
}

const contentKinds = new Set<LineMessage['kind']>(['image', 'file', 'video', 'audio']);

/**
 * GET …/messages/{messageId}/content: the message's file, for a member who may see the conversation. Ours, or a
 * friend's fetched from LINE's content API now and kept (two first views at once keep one copy; a full storage quota
 * still answers, without keeping it).
 */
export async function content(db: Db, deps: LineDeps, actor: Actor, friendId: string, messageId: string, reply: FastifyReply): Promise<FastifyReply> {
  await loadConversation(db, actor, friendId);
  const message = await lineRepository.findMessage(db, actor.orgId, friendId, messageId);
  if (!message || !contentKinds.has(message.kind)) throw new AppError('NOT_FOUND');
  const stored = message.fileId ? await readFile(db, deps.config.dataDir, actor.orgId, message.fileId) : undefined;
  if (stored) return sendStored(reply, stored, 'private, max-age=86400');
  if (message.direction !== 'in' || !message.lineMessageId) throw new AppError('NOT_FOUND');
  const channel = await lineRepository.findChannel(db, actor.orgId);
  if (!channel) throw new AppError('LINE_NOT_CONNECTED');
  let fetched;
  try {
    fetched = await deps.client.content(await channelToken(db, deps, channel), message.lineMessageId);
  } catch {
    // LINE keeps a friend's content for a limited time only; gone (or LINE unreachable) is "not available now".
    throw new AppError('LINE_CONTENT_UNAVAILABLE');
  }
  const name = message.fileName ?? `line-${message.lineMessageId}${extensionOf(fetched.mimeType)}`;
  const fileId = await saveUpload(db, deps.config.dataDir, actor.orgId, { field: 'file', filename: name, mimeType: fetched.mimeType, data: fetched.data }, Number.MAX_SAFE_INTEGER).catch(() => null);
  if (fileId) await lineRepository.setMessageFile(db, actor.orgId, message.id, fileId);
  return sendStored(reply, { mimeType: fetched.mimeType, name, data: fetched.data }, 'private, max-age=86400');
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
