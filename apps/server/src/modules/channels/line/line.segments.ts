import {
  lineDefaultStopKeywords,
  lineLinkTemplate,
  lineMediaUrlAllowed,
  lineMulticastMax,
  lineSendsAsImage,
  lineTemplateProblems,
  type LineButtonsTemplate,
  type lineSegmentCreateBodySchema,
  type LineSegmentPreview,
  type LineSegmentSend,
} from '@lodestar/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { assertCan, assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import * as businessesService from '../../booking/businesses/businesses.service.ts';
import { publicBookingUrl } from '../../booking/reservations/reservations.prefill.ts';
import * as savedFiltersService from '../../records/saved-filters/saved-filters.service.ts';
import { fileUrl, readFile, saveImage, type Upload } from '../../access/files/files.ts';
import { LineApiError, type LineOutgoing } from './line.client.ts';
import { mediaUrl } from './line.media.ts';
import { publicCardLinks } from './line.rich-menu.ts';
import { channelToken, lineFailure, type LineDeps } from './line.deps.ts';
import * as lineRepository from './line.repository.ts';
import type { ChannelRow } from './line.repository.ts';
import * as segmentsRepository from './line.segments.repository.ts';

/**
 * Segment messages (docs/product.md#segment-messages): a text, an image, a business card or the booking page to the
 * friends linked to a tag's or a saved contact filter's contacts, now or later.
 * Marketing: a contact's "no marketing" or a friend's stop keyword skips them; blocked friends are skipped. The
 * audience is fixed when the send starts, split into multicast chunks of 500; each chunk is sent once with its own
 * X-Line-Retry-Key (409: LINE already has it), and a 429 waits for LINE's Retry-After.
 */

const maxScheduleDays = 90;

function toSend(row: segmentsRepository.SegmentSendRow): LineSegmentSend {
  return {
    id: row.id,
    tagId: row.tagId,
    savedFilterId: row.savedFilterId,
    kind: row.kind,
    text: row.text,
    imageUrl: fileUrl(row.orgId, row.imageFileId),
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

type Audience = { tagId?: string | null | undefined; savedFilterId?: string | null | undefined };

/**
 * The audience as a condition on `contacts`: a tag (a customer tag of the workspace), or a saved contact filter
 * evaluated as the contact list evaluates it. Undefined when the tag or filter is gone (another workspace's id too).
 */
async function audienceCondition(db: Db, orgId: string, audience: Audience): Promise<SQL | undefined | null> {
  if (audience.tagId) {
    try {
      await tagsService.assertApplicable(db, orgId, 'customer', [audience.tagId]);
    } catch {
      return null;
    }
    return segmentsRepository.tagCondition(audience.tagId);
  }
  const saved = audience.savedFilterId ? await savedFiltersService.findFilter(db, orgId, audience.savedFilterId) : undefined;
  if (!saved) return null;
  return savedFiltersService.conditionOf(saved.filter);
}

async function assertAudience(db: Db, orgId: string, audience: Audience): Promise<SQL | undefined> {
  const condition = await audienceCondition(db, orgId, audience);
  if (condition === null) throw fieldError(audience.tagId ? 'tagId' : 'savedFilterId', 'invalidValue');
  return condition;
}

/** Who gets it and who is skipped (a friend both blocked and opted out counts as blocked). */
async function classify(db: Db, orgId: string, channel: ChannelRow, condition: SQL | undefined) {
  const rows = await segmentsRepository.audience(db, orgId, channel.id, condition);
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

/**
 * POST /social/line/segments/preview: the counts and the quota, before sending — the same audience query the send
 * runs. Segment messages speak for the whole official account, so they are the system administrators' (like the
 * channel itself).
 */
export async function preview(db: Db, deps: LineDeps, actor: Actor, audience: Audience): Promise<LineSegmentPreview> {
  assertSystemAdministrator(actor);
  const condition = await assertAudience(db, actor.orgId, audience);
  const channel = await connectedChannel(db, actor.orgId);
  const { recipients, blocked, optedOut } = await classify(db, actor.orgId, channel, condition);
  const notLinked = await segmentsRepository.countNotLinked(db, actor.orgId, channel.id, condition);
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

/** POST /social/line/segments/images: an image for a segment message (JPEG or PNG within LINE's 1 MB preview limit). */
export async function uploadImage(db: Db, deps: LineDeps, actor: Actor, upload: Upload | undefined): Promise<{ fileId: string; imageUrl: string }> {
  assertSystemAdministrator(actor);
  if (!upload) throw fieldError('image', 'required');
  if (!lineSendsAsImage({ mimeType: upload.mimeType, bytes: upload.data.length })) throw fieldError('image', 'invalidValue');
  const fileId = await saveImage(db, deps.config.dataDir, actor.orgId, { ...upload, field: 'image' });
  return { fileId, imageUrl: fileUrl(actor.orgId, fileId)! };
}

/**
 * The LINE messages of a send, built once when it is created (LINE's limits: contract line-messages.ts): an image's
 * signed links run from the scheduled time; a card or the booking page is a buttons template with one link.
 */
async function messagesOf(db: Db, deps: LineDeps, orgId: string, body: z.output<typeof lineSegmentCreateBodySchema>, scheduledAt: Date): Promise<{ text: string; messages: LineOutgoing[] | null }> {
  const text = body.text.trim();
  if (body.kind === 'text') {
    if (!body.bookingLink) return { text, messages: null };
    const page = await publicBookingUrl(db, deps.config.publicUrl, orgId);
    if (!page) throw fieldError('bookingLink', 'invalidValue');
    return { text: `${text}\n${page}`, messages: null };
  }
  if (body.kind === 'image') {
    const file = await readFile(db, deps.config.dataDir, orgId, body.imageFileId!);
    if (!file || !lineSendsAsImage({ mimeType: file.mimeType, bytes: file.data.length })) throw fieldError('imageFileId', 'invalidValue');
    const url = mediaUrl(deps, orgId, body.imageFileId!, scheduledAt);
    if (!lineMediaUrlAllowed(url)) throw new AppError('LINE_MEDIA_NOT_PUBLIC');
    const image: LineOutgoing = { type: 'image', originalContentUrl: url, previewImageUrl: url };
    return { text, messages: text ? [image, { type: 'text', text }] : [image] };
  }
  const label = body.linkLabel ?? 'Open';
  if (body.kind === 'card') {
    const card = (await publicCardLinks(db, deps.config.publicUrl, orgId)).find((c) => c.userId === body.cardUserId);
    if (!card) throw fieldError('cardUserId', 'invalidValue');
    return { text, messages: [checked(lineLinkTemplate({ title: card.name, text: text || card.name, label, uri: card.url }), 'cardUserId')] };
  }
  const page = await publicBookingUrl(db, deps.config.publicUrl, orgId);
  const business = await businessesService.findBusinessOrFail(db, orgId).catch(() => null);
  if (!page || !business) throw fieldError('kind', 'invalidValue');
  return { text, messages: [checked(lineLinkTemplate({ title: business.name, text: text || business.name, label, uri: page }), 'text')] };
}

/** A template LINE would refuse is refused here, naming the field the user can change. */
function checked(message: LineButtonsTemplate, field: string): LineButtonsTemplate {
  if (lineTemplateProblems(message).length > 0) throw fieldError(field, 'invalidValue');
  return message;
}

/** POST /social/line/segments: checked now (audience not empty, quota, LINE's limits), sent by the job now or at scheduledAt. */
export async function create(db: Db, deps: LineDeps, actor: Actor, body: z.output<typeof lineSegmentCreateBodySchema>): Promise<LineSegmentSend> {
  assertSystemAdministrator(actor);
  const condition = await assertAudience(db, actor.orgId, body);
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : new Date();
  if (body.scheduledAt && (scheduledAt.getTime() < Date.now() - 60_000 || scheduledAt.getTime() > Date.now() + maxScheduleDays * 86_400_000)) {
    throw fieldError('scheduledAt', 'invalidValue');
  }
  const channel = await connectedChannel(db, actor.orgId);
  const { recipients } = await classify(db, actor.orgId, channel, condition);
  if (recipients.length === 0) throw new AppError('LINE_SEGMENT_EMPTY');
  await assertQuota(db, deps, channel, recipients.length);
  const { text, messages } = await messagesOf(db, deps, actor.orgId, body, scheduledAt);
  const row = await segmentsRepository.insertSend(db, actor.orgId, {
    tagId: body.tagId ?? null,
    savedFilterId: body.savedFilterId ?? null,
    kind: body.kind,
    text,
    messages,
    imageFileId: body.kind === 'image' ? body.imageFileId! : null,
    scheduledAt,
    createdByUserId: actor.userId,
  });
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
    const condition = await audienceCondition(db, orgId, send);
    if (condition === null) {
      await segmentsRepository.failSend(db, orgId, send.id, 'The tag or saved filter was deleted');
      continue;
    }
    const { recipients, blocked, optedOut } = await classify(db, orgId, channel, condition);
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
        await deps.client.multicast(await channelToken(db, deps, channel), chunk.line_user_ids, (send.messages as LineOutgoing[] | null) ?? [{ type: 'text', text: send.text }], chunk.retry_key);
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
