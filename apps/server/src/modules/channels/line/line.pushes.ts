import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import type { ReservationNotice } from '../../booking/reservations/reservations.notices.ts';
import { LineApiError } from './line.client.ts';
import { channelToken, type LineDeps } from './line.deps.ts';
import * as lineRepository from './line.repository.ts';
import * as pushesRepository from './line.pushes.repository.ts';

/**
 * Booking notices on LINE (docs/product.md#booking-notices): a reservation's contact linked to a followed friend of
 * the workspace's connected official account gets its confirmation, cancellation and reminder as a push. The push is
 * queued in `line_pushes` (once per reservation and kind) and sent by the `channels.line.pushes` job with the row's
 * X-Line-Retry-Key: a retry after a crash or a timeout that LINE had in fact accepted answers 409, counted as sent.
 */

/** The contact's friend when it follows the workspace's connected official account (a push can reach it). */
async function reachableFriend(db: Db, orgId: string, contactId: string) {
  const friend = await lineRepository.findFriendByContact(db, orgId, contactId);
  if (!friend || friend.status !== 'followed') return undefined;
  const channel = await lineRepository.findChannel(db, orgId);
  if (!channel || channel.id !== friend.channelRowId || channel.completedSteps < 4) return undefined;
  return friend;
}

/** The booking notifier (wired in apps/server/src/wiring.ts): true when the notice is queued for LINE. */
export async function queueReservationNotice(db: Db, notice: ReservationNotice): Promise<boolean> {
  const friend = await reachableFriend(db, notice.orgId, notice.contactId);
  if (!friend) return false;
  await pushesRepository.queuePush(db, notice.orgId, { friendId: friend.id, source: `reservation:${notice.reservationId}:${notice.kind}`, text: notice.text });
  return true;
}

/**
 * A quote's link for the buyer (deals' registerQuoteLine, wired in apps/server/src/wiring.ts): a push like a booking
 * notice — a message the buyer expects, not marketing — through the same outbox, retry key and thread.
 */
export const quoteLinePushes = {
  reachable: async (db: Db, orgId: string, contactId: string) => Boolean(await reachableFriend(db, orgId, contactId)),
  async queue(db: Db, orgId: string, contactId: string, source: string, text: string): Promise<boolean> {
    const friend = await reachableFriend(db, orgId, contactId);
    if (!friend) return false;
    await pushesRepository.queuePush(db, orgId, { friendId: friend.id, source, text });
    return true;
  },
};

/**
 * A workflow's LINE step (docs/product.md#workflows): queued as a push to the contact's (or the friend's own) followed
 * friend, once per `source` (the run and step), in the caller's transaction; never to a contact who opted out of
 * marketing. Answers why nothing was queued, or null.
 */
export async function queueWorkflowMessage(db: Db, orgId: string, to: { contactId?: string | null; friendId?: string | null }, source: string, text: string): Promise<'noFriend' | 'optedOut' | 'notConnected' | null> {
  const friend = to.friendId ? await pushesRepository.findFriend(db, orgId, to.friendId) : to.contactId ? await lineRepository.findFriendByContact(db, orgId, to.contactId) : undefined;
  if (!friend || friend.status !== 'followed') return 'noFriend';
  if (friend.optedOutAt || (friend.contactId && (await pushesRepository.contactOptedOut(db, orgId, friend.contactId)))) return 'optedOut';
  const channel = await lineRepository.findChannel(db, orgId);
  if (!channel || channel.id !== friend.channelRowId || channel.completedSteps < 4) return 'notConnected';
  await pushesRepository.queuePush(db, orgId, { friendId: friend.id, source, text });
  return null;
}

const leaseSeconds = 60;
/** After this many tries a push is failed for good (LINE down for hours). */
const maxAttempts = 8;
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

type Outcome = { kind: 'sent' } | { kind: 'failed'; error: string } | { kind: 'later'; seconds: number; error: string };

/** What LINE's answer means for this push: 409 is a retry key LINE already accepted (delivered). */
function outcomeOf(error: unknown, attempts: number): Outcome {
  if (error instanceof LineApiError && error.status === 409) return { kind: 'sent' };
  const message = error instanceof Error ? error.message : String(error);
  const transient = !(error instanceof LineApiError) || error.status === 0 || error.status >= 500 || (error.status === 429 && !/monthly limit/i.test(error.lineMessage));
  if (!transient || attempts >= maxAttempts) return { kind: 'failed', error: message };
  const retryAfter = error instanceof LineApiError ? error.retryAfter : undefined;
  return { kind: 'later', seconds: retryAfter ?? backoffSeconds(attempts), error: message };
}

async function sendOne(db: Db, deps: LineDeps, claimed: pushesRepository.ClaimedPush): Promise<Outcome> {
  const orgId = claimed.org_id;
  const friend = await pushesRepository.findFriend(db, orgId, claimed.friend_id);
  const channel = await lineRepository.findChannel(db, orgId);
  if (!friend || friend.status !== 'followed') return { kind: 'failed', error: 'unfollowed' };
  if (!channel || channel.id !== friend.channelRowId) return { kind: 'failed', error: 'not connected' };
  try {
    const token = await channelToken(db, deps, channel);
    await deps.client.push(token, friend.lineUserId, [{ type: 'text', text: claimed.text }], claimed.retry_key);
    return { kind: 'sent' };
  } catch (error) {
    return outcomeOf(error, claimed.attempts);
  }
}

/** Sends due pushes until none is left; answers how many were sent. */
export async function processPushes(db: Db, deps: LineDeps, log: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await pushesRepository.claimPushes(db, leaseSeconds, 20);
    if (batch.length === 0) return sent;
    for (const claimed of batch) {
      const outcome = await sendOne(db, deps, claimed);
      const orgId = claimed.org_id;
      if (outcome.kind === 'later') {
        log.warn({ pushId: claimed.id, error: outcome.error }, 'LINE push retried later');
        await pushesRepository.retryPushLater(db, orgId, claimed.id, outcome.seconds, outcome.error);
      } else if (outcome.kind === 'failed') {
        await pushesRepository.settlePush(db, orgId, claimed.id, 'failed', outcome.error.slice(0, 500));
      } else {
        // The thread and the contact's timeline show what went out, once (the conditional settle decides).
        const recorded = await db.transaction(async (tx) => {
          if (!(await pushesRepository.settlePush(tx, orgId, claimed.id, 'sent'))) return false;
          const message = await lineRepository.insertMessage(tx, orgId, { friendId: claimed.friend_id, direction: 'out', kind: 'text', text: claimed.text, via: 'push' });
          await lineRepository.updateFriend(tx, orgId, claimed.friend_id, { lastMessageAt: message.createdAt, lastMessage: claimed.text.slice(0, 200), lastMessageKind: 'text' });
          const friend = await pushesRepository.findFriend(tx, orgId, claimed.friend_id);
          if (friend?.contactId) await timelineService.record(tx, orgId, null, 'contact', [friend.contactId], 'lineMessage', { lineMessage: ['out', claimed.text.slice(0, 500)] });
          return true;
        });
        if (recorded) sent += 1;
      }
    }
  }
}

/** Polled every 2 seconds beside the webhook deliveries (apps/server/src/server.ts): a notice goes out at once. */
export function linePushJobs(deps: LineDeps, log: FastifyBaseLogger): JobDefinition[] {
  return [{ name: 'channels.line.pushes', intervalMs: 2_000, leaseSeconds: 120, run: (db) => processPushes(db, deps, log) }];
}
