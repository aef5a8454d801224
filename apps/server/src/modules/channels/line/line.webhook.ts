import { sql } from 'drizzle-orm';
import { normalizeBindCode, type LineMessageKind } from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertStorableJson } from '../../../platform/input-guard.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as contactPersonalData from '../../records/contacts/contacts.personal-data.ts';
import { channelToken, hashWebhookToken, type LineDeps } from './line.deps.ts';
import * as lineRepository from './line.repository.ts';
import type { ChannelRow, ClaimedEvent, FriendRow } from './line.repository.ts';
import { lineSignatureValid } from './line.signature.ts';
import { fetchProfilePicture } from './line.pictures.ts';
import { bindByCode } from './line.contacts.ts';
import { normalizeKeyword, stopKeywordsOf } from './line.segments.ts';
import { notifyOwner, recordAssignment, routeOwner } from './line.routing.ts';

/**
 * LINE's webhook (docs/product.md#line-channel): the answer only verifies and stores; applying the events
 * happens after it (app.background at once, the `channels.line.events` job for anything left over).
 */

interface LineEvent {
  type?: string;
  webhookEventId?: string;
  timestamp?: number;
  replyToken?: string;
  source?: { type?: string; userId?: string };
  message?: { id?: string; type?: string; text?: string; packageId?: string; stickerId?: string; markAsReadToken?: string; fileName?: string; fileSize?: number };
}

/**
 * Verifies and stores one webhook request. The channel is found by the path secret alone; the signature must
 * match that channel's secret over the raw bytes, before anything is parsed: 404 / 401 and nothing stored.
 */
export async function receive(db: Db, deps: LineDeps, token: string, rawBody: Buffer | undefined, signature: string | undefined): Promise<ChannelRow> {
  const channel = await lineRepository.findChannelByTokenHash(db, hashWebhookToken(token));
  if (!channel?.channelSecret) throw new AppError('NOT_FOUND');
  if (!rawBody || !lineSignatureValid(deps.secrets.decrypt(channel.channelSecret), rawBody, signature)) throw new AppError('LINE_SIGNATURE_INVALID');
  let body: { events?: unknown };
  try {
    body = JSON.parse(rawBody.toString('utf8')) as { events?: unknown };
  } catch {
    throw fieldError('body', 'invalidValue');
  }
  const events = (Array.isArray(body.events) ? body.events : []).filter(
    (e): e is LineEvent => typeof e === 'object' && e !== null && typeof (e as LineEvent).webhookEventId === 'string',
  );
  await lineRepository.insertEvents(
    db,
    channel.orgId,
    channel.id,
    events.filter(storable).map((event) => ({
      webhookEventId: event.webhookEventId!.slice(0, 100),
      eventTime: new Date(typeof event.timestamp === 'number' ? event.timestamp : Date.now()),
      event: event as Record<string, unknown>,
    })),
  );
  return channel;
}

/** The one rule for hostile characters applies to what LINE relays too; such an event is dropped, not stored. */
function storable(event: LineEvent): boolean {
  try {
    assertStorableJson(event);
    return true;
  } catch {
    return false;
  }
}

const leaseSeconds = 60;

/** Applies stored events (all channels, or one) until none is left; answers how many were applied. */
export async function processEvents(db: Db, deps: LineDeps, log: FastifyBaseLogger, channelRowId?: string): Promise<number> {
  let applied = 0;
  for (;;) {
    const batch = await lineRepository.claimEvents(db, leaseSeconds, 20, channelRowId);
    if (batch.length === 0) return applied;
    for (const claimed of batch) {
      try {
        if (await applyEvent(db, deps, claimed)) applied += 1;
      } catch (error) {
        log.warn({ err: error, eventId: claimed.id }, 'LINE event failed; retried later');
        await lineRepository.releaseEvent(db, claimed.org_id, claimed.id, error instanceof Error ? error.message : String(error));
      }
    }
  }
}

export function lineJobs(deps: LineDeps, log: FastifyBaseLogger): JobDefinition[] {
  return [{ name: 'channels.line.events', intervalMs: 60_000, run: (db) => processEvents(db, deps, log) }];
}

function messageKind(event: LineEvent): LineMessageKind {
  if (event.type === 'follow') return 'follow';
  if (event.type === 'unfollow') return 'unfollow';
  const type = event.message?.type;
  return type === 'text' || type === 'sticker' || type === 'image' || type === 'file' || type === 'video' || type === 'audio' ? type : 'other';
}

/**
 * One event, once: the calls to LINE (profile, picture) come first, then one transaction marks the event processed
 * (conditionally — a second worker finds it done) and writes the friend, message and timeline. A friend's image,
 * video, audio or file is not fetched here: the conversation fetches it from LINE's content API when it is viewed
 * (line.conversations.ts `content`).
 */
async function applyEvent(db: Db, deps: LineDeps, claimed: ClaimedEvent): Promise<boolean> {
  const orgId = claimed.org_id;
  const event = claimed.event as LineEvent;
  const channel = await lineRepository.findChannel(db, orgId);
  const userId = event.source?.type === 'user' ? event.source.userId : undefined;
  if (!channel || channel.id !== claimed.channel_row_id || !userId || !['follow', 'unfollow', 'message'].includes(event.type ?? '')) {
    return lineRepository.markProcessed(db, orgId, claimed.id);
  }
  const kind = messageKind(event);
  const existing = await lineRepository.findFriendByUser(db, orgId, channel.id, userId);
  const token = channel.accessToken || channel.channelSecret ? await channelToken(db, deps, channel).catch(() => undefined) : undefined;

  let profile: { displayName: string; pictureUrl?: string } | undefined;
  if (token && (!existing || kind === 'follow')) profile = await deps.client.profile(token, userId).catch(() => undefined);
  // A follow makes the contact; a friend first seen through a message (they followed before the channel was connected)
  // waits for the salesperson to link or create one, so an existing client is not duplicated.
  const makeContact = kind === 'follow' && !existing?.contactId;
  const avatarFileId = makeContact ? await fetchProfilePicture(db, deps, orgId, profile?.pictureUrl) : null;

  const at = new Date(typeof event.timestamp === 'number' ? event.timestamp : Date.now());
  const applied = await db.transaction(async (tx): Promise<boolean | { friendId: string; reply: string }> => {
    if (!(await lineRepository.markProcessed(tx, orgId, claimed.id))) return false;
    const displayName = (profile?.displayName ?? existing?.displayName ?? 'LINE').slice(0, 200);
    let friend: FriendRow =
      existing ??
      (await lineRepository.insertFriend(tx, orgId, { channelRowId: channel.id, lineUserId: userId, displayName, pictureUrl: profile?.pictureUrl ?? null }));
    const isMessage = kind !== 'follow' && kind !== 'unfollow';
    const text = kind === 'text' ? (event.message?.text ?? '').slice(0, 5000) : null;
    // Routing (line.routing.ts): a new friend or an unassigned conversation gets an owner by keyword or round-robin.
    const routed = !friend.ownerUserId && kind !== 'unfollow' ? await routeOwner(tx, orgId, channel, text) : null;
    if (routed) friend = { ...friend, ownerUserId: routed.userId };
    if (makeContact) {
      const contact = await contactsService.createFromSocial(tx, orgId, {
        name: displayName,
        social: { type: 'line', account: userId },
        avatarFileId,
        ownerUserId: friend.ownerUserId ?? channel.connectedByUserId,
        actorUserId: null,
      });
      // The contact's owner receives the conversation, unless someone already does.
      if (contact) friend = { ...friend, contactId: contact.id, ownerUserId: friend.ownerUserId ?? channel.connectedByUserId };
    }
    await lineRepository.insertMessage(tx, orgId, {
      friendId: friend.id,
      direction: 'in',
      kind,
      text,
      sticker: kind === 'sticker' ? { packageId: String(event.message?.packageId ?? ''), stickerId: String(event.message?.stickerId ?? '') } : null,
      lineMessageId: event.message?.id ?? null,
      markAsReadToken: typeof event.message?.markAsReadToken === 'string' ? event.message.markAsReadToken.slice(0, 500) : null,
      fileName: typeof event.message?.fileName === 'string' ? event.message.fileName.slice(0, 200) : null,
      fileSize: typeof event.message?.fileSize === 'number' && Number.isSafeInteger(event.message.fileSize) ? event.message.fileSize : null,
      createdAt: at,
    });
    await lineRepository.updateFriend(tx, orgId, friend.id, {
      contactId: friend.contactId,
      ownerUserId: friend.ownerUserId,
      displayName,
      pictureUrl: profile?.pictureUrl ?? friend.pictureUrl,
      status: kind === 'unfollow' ? 'unfollowed' : kind === 'follow' ? 'followed' : friend.status,
      // Incremented in SQL: another message of this friend may be applied at the same time.
      ...(isMessage ? { unread: sql`unread + 1` } : {}),
      // The waiting period starts with the first message we have not answered (line.waiting.ts mails the owner after 30 minutes).
      ...(isMessage ? { awaitingReplySince: sql`coalesce(awaiting_reply_since, ${at.toISOString()}::timestamptz)` } : {}),
      lastMessageAt: at,
      lastMessage: text ? text.slice(0, 200) : typeof event.message?.fileName === 'string' ? event.message.fileName.slice(0, 200) : null,
      lastMessageKind: kind,
      // A reply token is usable for about a minute after its event (unfollow has none).
      replyToken: event.replyToken ?? null,
      replyTokenAt: event.replyToken ? at : null,
    });
    const notice = text ?? (isMessage ? `[${kind}]` : null);
    if (routed) await recordAssignment(tx, orgId, { ...friend, displayName }, routed.userId, routed.via, { actorUserId: null, text: notice });
    else if (isMessage && friend.ownerUserId) await notifyOwner(tx, orgId, { ...friend, displayName }, friend.ownerUserId, 'lineMessage', notice);
    if (isMessage && !channel.testMessageAt && channel.completedSteps >= 5) {
      await lineRepository.updateChannel(tx, orgId, channel.id, { testMessageAt: new Date() });
    }
    // A stop keyword (PDPA opt-out): no more segment messages, for the friend and its contact; confirmed on LINE.
    if (text && stopKeywordsOf(channel).some((keyword) => normalizeKeyword(keyword) === normalizeKeyword(text))) {
      if (!friend.optedOutAt) await lineRepository.updateFriend(tx, orgId, friend.id, { optedOutAt: at });
      if (friend.contactId) await contactPersonalData.optOutOfMarketing(tx, orgId, friend.contactId);
      if (friend.contactId) await timelineService.record(tx, orgId, null, 'contact', [friend.contactId], 'lineMessage', { lineMessage: ['in', text], from: [null, displayName] });
      return { friendId: friend.id, reply: optOutConfirmation };
    }
    // A binding code links the friend to its contact (and copies the conversation, this message too, to its timeline).
    const code = text ? normalizeBindCode(text) : null;
    const bound = code ? await bindByCode(tx, orgId, { ...friend, displayName }, code) : null;
    if (friend.contactId && !bound?.contactId) {
      await timelineService.record(tx, orgId, null, 'contact', [friend.contactId], 'lineMessage', {
        lineMessage: ['in', text],
        from: [null, displayName],
        ...(text === null ? { kind: [null, kind] } : {}),
      });
    }
    return bound ? { friendId: friend.id, reply: bound.text } : true;
  });
  if (applied !== true && applied !== false && token) await confirmBinding(db, deps, orgId, token, applied.friendId, applied.reply);
  return applied !== false;
}

/** The friend's language is unknown: the confirmation says it in Chinese and English. */
const optOutConfirmation = '已取消訂閱行銷訊息，之後不會再收到我們的促銷訊息。\nYou have unsubscribed: no more marketing messages from us.';

/** Answers a binding code on LINE with the event's reply token (free of the quota); best effort, shown in the thread. */
async function confirmBinding(db: Db, deps: LineDeps, orgId: string, token: string, friendId: string, text: string): Promise<void> {
  const replyToken = await lineRepository.takeReplyToken(db, orgId, friendId, 50);
  if (!replyToken) return;
  try {
    await deps.client.reply(token, replyToken, [{ type: 'text', text }]);
  } catch {
    return;
  }
  const sent = await lineRepository.insertMessage(db, orgId, { friendId, direction: 'out', kind: 'text', text, via: 'reply' });
  await lineRepository.updateFriend(db, orgId, friendId, { lastMessageAt: sent.createdAt, lastMessage: text, lastMessageKind: 'text' });
}
