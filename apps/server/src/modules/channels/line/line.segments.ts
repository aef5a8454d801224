import { lineDefaultStopKeywords, lineMulticastMax, type LineSegmentCreateBody, type LineSegmentPreview, type LineSegmentSend } from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { assertCan, assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import * as businessesService from '../../booking/businesses/businesses.service.ts';
import { LineApiError } from './line.client.ts';
import { channelToken, lineFailure, type LineDeps } from './line.deps.ts';
import * as lineRepository from './line.repository.ts';
import type { ChannelRow } from './line.repository.ts';
import * as segmentsRepository from './line.segments.repository.ts';

/**
 * Segment messages (docs/product.md#segment-messages): a text to the friends linked to a tag's contacts, now or later.
 * Marketing: a contact's "no marketing" or a friend's stop keyword skips them; blocked friends are skipped. The
 * audience is fixed when the send starts, split into multicast chunks of 500; each chunk is sent once with its own
 * X-Line-Retry-Key (409: LINE already has it), and a 429 waits for LINE's Retry-After.
 */

const maxScheduleDays = 90;

function toSend(row: segmentsRepository.SegmentSendRow): LineSegmentSend {
  return {
    id: row.id,
    tagId: row.tagId,
    text: row.text,
    scheduledAt: row.scheduledAt.toISOString(),
    status: row.status,
    error: row.error,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    skippedOptOut: row.skippedOptOut,
    skippedBlocked: row.skippedBlocked,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function connectedChannel(db: Db, orgId: string): Promise<ChannelRow> {
  const channel = await lineRepository.findChannel(db, orgId);
  if (!channel || channel.completedSteps < 4) throw new AppError('LINE_NOT_CONNECTED');
  return channel;
}

/** Who gets it and who is skipped (a friend both blocked and opted out counts as blocked). */
async function classify(db: Db, orgId: string, channel: ChannelRow, tagId: string) {
  const rows = await segmentsRepository.audience(db, orgId, channel.id, tagId);
  const recipients = rows.filter((r) => r.status === 'followed' && !r.optedOut).map((r) => r.lineUserId);
  const blocked = rows.filter((r) => r.status !== 'followed').length;
  return { recipients, blocked, optedOut: rows.length - recipients.length - blocked };
}

async function quotaOf(db: Db, deps: LineDeps, channel: ChannelRow) {
  try {
    return await deps.client.quota(await channelToken(db, deps, channel));
  } catch {
    return null;
  }
}

async function assertTag(db: Db, orgId: string, tagId: string): Promise<void> {
  try {
    await tagsService.assertApplicable(db, orgId, 'customer', [tagId]);
  } catch {
    throw fieldError('tagId', 'invalidValue');
  }
}

/**
 * POST /social/line/segments/preview: the counts and the quota, before sending. Segment messages speak for the whole
 * official account to every friend of the tag, so they are the system administrators' (like the channel itself).
 */
export async function preview(db: Db, deps: LineDeps, actor: Actor, tagId: string): Promise<LineSegmentPreview> {
  assertSystemAdministrator(actor);
  await assertTag(db, actor.orgId, tagId);
  const channel = await connectedChannel(db, actor.orgId);
  const { recipients, blocked, optedOut } = await classify(db, actor.orgId, channel, tagId);
  const notLinked = await segmentsRepository.countNotLinked(db, actor.orgId, channel.id, tagId);
  return { recipients: recipients.length, blocked, optedOut, notLinked, quota: await quotaOf(db, deps, channel) };
}

/** The quota check: refused when LINE's remaining messages this month are fewer than the recipients. */
async function assertQuota(db: Db, deps: LineDeps, channel: ChannelRow, recipients: number): Promise<void> {
  let quota;
  try {
    quota = await deps.client.quota(await channelToken(db, deps, channel));
  } catch (error) {
    throw lineFailure(error);
  }
  if (quota.limit !== null && quota.limit - quota.used < recipients) {
    throw new AppError('LINE_QUOTA_NOT_ENOUGH', { left: String(Math.max(quota.limit - quota.used, 0)), recipients: String(recipients) });
  }
}

/** POST /social/line/segments: checked now (audience not empty, quota), sent by the job now or at scheduledAt. */
export async function create(db: Db, deps: LineDeps, actor: Actor, body: LineSegmentCreateBody): Promise<LineSegmentSend> {
  assertSystemAdministrator(actor);
  await assertTag(db, actor.orgId, body.tagId);
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : new Date();
  if (body.scheduledAt && (scheduledAt.getTime() < Date.now() - 60_000 || scheduledAt.getTime() > Date.now() + maxScheduleDays * 86_400_000)) {
    throw fieldError('scheduledAt', 'invalidValue');
  }
  const channel = await connectedChannel(db, actor.orgId);
  const { recipients } = await classify(db, actor.orgId, channel, body.tagId);
  if (recipients.length === 0) throw new AppError('LINE_SEGMENT_EMPTY');
  await assertQuota(db, deps, channel, recipients.length);
  let text = body.text.trim();
  if (body.bookingLink) {
    const business = await businessesService.findBusinessOrFail(db, actor.orgId).catch(() => null);
    if (!business?.isPublic) throw fieldError('bookingLink', 'invalidValue');
    text = `${text}\n${deps.config.publicUrl}/book/${encodeURIComponent(business.idName)}`;
  }
  const row = await segmentsRepository.insertSend(db, actor.orgId, { tagId: body.tagId, text, scheduledAt, createdByUserId: actor.userId });
  return toSend(row);
}

export async function list(db: Db, actor: Actor): Promise<{ items: LineSegmentSend[] }> {
  assertCan(actor, 'social', 'view');
  return { items: (await segmentsRepository.listSends(db, actor.orgId)).map(toSend) };
}

export async function get(db: Db, actor: Actor, id: string): Promise<LineSegmentSend> {
  assertCan(actor, 'social', 'view');
  const row = await segmentsRepository.findSend(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toSend(row);
}

// ---- stop keywords ----

export const normalizeKeyword = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toUpperCase();

export function stopKeywordsOf(channel: Pick<ChannelRow, 'stopKeywords'>): string[] {
  return channel.stopKeywords ?? [...lineDefaultStopKeywords];
}

export async function getStopKeywords(db: Db, actor: Actor): Promise<{ keywords: string[] }> {
  assertCan(actor, 'social', 'view');
  return { keywords: stopKeywordsOf(await connectedChannel(db, actor.orgId)) };
}

export async function saveStopKeywords(db: Db, actor: Actor, keywords: string[]): Promise<{ keywords: string[] }> {
  assertSystemAdministrator(actor);
  const channel = await connectedChannel(db, actor.orgId);
  const unique = [...new Map(keywords.map((k) => [normalizeKeyword(k), k.trim()])).values()];
  await lineRepository.updateChannel(db, actor.orgId, channel.id, { stopKeywords: unique });
  return { keywords: unique };
}

// ---- the job ----

const leaseSeconds = 120;
const maxAttempts = 8;

/** Fixes the audience of due sends (opt-outs as of now) and writes their chunks; a quota now too small fails the send. */
async function startDueSends(db: Db, deps: LineDeps): Promise<void> {
  for (const claimed of await segmentsRepository.claimDueSends(db, leaseSeconds)) {
    const orgId = claimed.org_id;
    const send = await segmentsRepository.findSend(db, orgId, claimed.id);
    const channel = await lineRepository.findChannel(db, orgId);
    if (!send || !channel || channel.completedSteps < 4) {
      await segmentsRepository.failSend(db, orgId, claimed.id, 'LINE is not connected');
      continue;
    }
    const { recipients, blocked, optedOut } = await classify(db, orgId, channel, send.tagId);
    try {
      await assertQuota(db, deps, channel, recipients.length);
    } catch (error) {
      // Too few messages left fails the send; LINE down or unreachable leaves it scheduled (the lease lapses, tried again).
      if (error instanceof AppError && error.code === 'LINE_QUOTA_NOT_ENOUGH') {
        await segmentsRepository.failSend(db, orgId, send.id, `LINE_QUOTA_NOT_ENOUGH: ${recipients.length} > ${error.params.left}`);
      }
      continue;
    }
    const chunks: string[][] = [];
    for (let i = 0; i < recipients.length; i += lineMulticastMax) chunks.push(recipients.slice(i, i + lineMulticastMax));
    await db.transaction((tx) => segmentsRepository.startSend(tx, orgId, send.id, { total: recipients.length, skippedOptOut: optedOut, skippedBlocked: blocked }, chunks));
  }
}

/** Starts due sends, then sends pending chunks until none is due; answers how many chunks went out. */
export async function processSegments(db: Db, deps: LineDeps, log: FastifyBaseLogger, options: { afterChunk?: (n: number) => void } = {}): Promise<number> {
  await startDueSends(db, deps);
  let sentChunks = 0;
  for (;;) {
    const batch = await segmentsRepository.claimChunks(db, leaseSeconds, 5);
    if (batch.length === 0) return sentChunks;
    for (const chunk of batch) {
      const orgId = chunk.org_id;
      const send = await segmentsRepository.findSend(db, orgId, chunk.send_id);
      const channel = await lineRepository.findChannel(db, orgId);
      let outcome: 'sent' | 'failed' | number = 'failed';
      let error: string | null = null;
      try {
        if (!send || !channel) throw new Error('LINE is not connected');
        await deps.client.multicast(await channelToken(db, deps, channel), chunk.line_user_ids, [{ type: 'text', text: send.text }], chunk.retry_key);
        outcome = 'sent';
      } catch (caught) {
        error = caught instanceof Error ? caught.message.slice(0, 500) : String(caught);
        if (caught instanceof LineApiError && caught.status === 409) outcome = 'sent';
        else if (caught instanceof LineApiError && caught.status === 429 && !/monthly limit/i.test(caught.lineMessage)) outcome = caught.retryAfter ?? 30;
        else if (caught instanceof LineApiError && (caught.status === 0 || caught.status >= 500) && chunk.attempts < maxAttempts) outcome = Math.min(30 * 2 ** (chunk.attempts - 1), 3600);
      }
      if (typeof outcome === 'number') {
        log.warn({ chunkId: chunk.id, error }, 'LINE multicast retried later');
        await segmentsRepository.retryChunkLater(db, orgId, chunk.id, outcome, error ?? '');
        continue;
      }
      const settled = await db.transaction((tx) => segmentsRepository.settleChunk(tx, orgId, chunk, outcome as 'sent' | 'failed', outcome === 'sent' ? null : error));
      if (settled && outcome === 'sent') {
        sentChunks += 1;
        options.afterChunk?.(sentChunks);
      }
    }
  }
}

export function lineSegmentJobs(deps: LineDeps, log: FastifyBaseLogger): JobDefinition[] {
  return [{ name: 'channels.line.segments', intervalMs: 2_000, leaseSeconds: 300, run: (db) => processSegments(db, deps, log) }];
}
