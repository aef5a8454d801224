import type { LineChannel } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import { channelToken, lineFailure, lineProductionApiUrl, newWebhookToken, webhookUrl, type LineDeps } from './line.deps.ts';
import * as lineRepository from './line.repository.ts';
import type { ChannelRow } from './line.repository.ts';

/** Settings → Channel → LINE: six steps, each checked before the next (docs/product.md#line-channel). */

function toChannel(deps: LineDeps, row: ChannelRow | undefined): LineChannel {
  return {
    completedSteps: row?.completedSteps ?? 0,
    connected: (row?.completedSteps ?? 0) >= 6,
    channelId: row?.channelId ?? null,
    botName: row?.botName ?? null,
    basicId: row?.basicId ?? null,
    pictureUrl: row?.pictureUrl ?? null,
    webhookUrl: row && row.completedSteps >= 3 ? webhookUrl(deps.config, deps.secrets.decrypt(row.webhookToken)) : null,
    webhookTestedAt: row?.webhookTestedAt?.toISOString() ?? null,
    webhookActive: row?.webhookActive ?? null,
    chatMode: row?.chatMode ?? null,
    testMessageAt: row?.testMessageAt?.toISOString() ?? null,
    sandbox: deps.config.line.apiUrl !== lineProductionApiUrl,
  };
}

async function channelOf(db: Db, deps: LineDeps, actor: Actor): Promise<ChannelRow> {
  assertSystemAdministrator(actor);
  const found = await lineRepository.findChannel(db, actor.orgId);
  if (found) return found;
  const { token, hash } = newWebhookToken();
  return lineRepository.insertChannel(db, actor.orgId, {
    webhookToken: deps.secrets.encrypt(token),
    webhookTokenHash: hash,
    connectedByUserId: actor.userId,
  });
}

function assertStep(row: ChannelRow, step: number): void {
  // A step may be redone (a new secret, a new test) but never skipped.
  if (row.completedSteps < step - 1) throw new AppError('LINE_STEP_ORDER');
}

export async function getChannel(db: Db, deps: LineDeps, actor: Actor): Promise<LineChannel> {
  assertSystemAdministrator(actor);
  return toChannel(deps, await lineRepository.findChannel(db, actor.orgId));
}

/** Steps 1 and 2 are the administrator's word; 5 reads "Use webhook" from LINE; 6 waits for a message. */
export async function confirmStep(db: Db, deps: LineDeps, actor: Actor, step: 1 | 2 | 5 | 6): Promise<LineChannel> {
  let row = await channelOf(db, deps, actor);
  assertStep(row, step);
  if (step === 5) {
    const token = await channelToken(db, deps, row);
    let state;
    let info;
    try {
      [state, info] = await Promise.all([deps.client.getWebhook(token), deps.client.botInfo(token)]);
    } catch (error) {
      throw lineFailure(error);
    }
    row = await lineRepository.updateChannel(db, actor.orgId, row.id, { webhookActive: state.active, chatMode: info.chatMode ?? null });
    if (!state.active) throw new AppError('LINE_WEBHOOK_INACTIVE');
    // Step 6 counts only messages that arrive from now on.
    row = await lineRepository.updateChannel(db, actor.orgId, row.id, { testMessageAt: null });
  }
  if (step === 6 && !row.testMessageAt) throw new AppError('LINE_TEST_MESSAGE_MISSING');
  row = await lineRepository.updateChannel(db, actor.orgId, row.id, { completedSteps: Math.max(row.completedSteps, step) });
  return toChannel(deps, row);
}

/** Step 3: LINE issues a channel access token only for the right ID and secret — that is the check. */
export async function saveCredentials(db: Db, deps: LineDeps, actor: Actor, body: { channelId: string; channelSecret: string }): Promise<LineChannel> {
  const row = await channelOf(db, deps, actor);
  assertStep(row, 3);
  let issued;
  let info;
  try {
    issued = await deps.client.issueToken(body.channelId, body.channelSecret);
    info = await deps.client.botInfo(issued.accessToken);
  } catch (error) {
    throw lineFailure(error, 'LINE_CREDENTIALS_INVALID');
  }
  const changed = row.channelId !== body.channelId;
  const saved = await lineRepository.updateChannel(db, actor.orgId, row.id, {
    channelId: body.channelId,
    channelSecret: deps.secrets.encrypt(body.channelSecret.toLowerCase()),
    accessToken: deps.secrets.encrypt(issued.accessToken),
    tokenExpiresAt: new Date(Date.now() + issued.expiresIn * 1000),
    botUserId: info.userId,
    botName: info.displayName,
    basicId: info.basicId,
    pictureUrl: info.pictureUrl ?? null,
    chatMode: info.chatMode ?? null,
    // Another channel starts the later steps over.
    completedSteps: changed ? 3 : Math.max(row.completedSteps, 3),
    connectedByUserId: actor.userId,
  });
  return toChannel(deps, saved);
}

/** Step 4: set our webhook URL on the channel, then LINE's own test request must reach it and be answered 200. */
export async function setUpWebhook(db: Db, deps: LineDeps, actor: Actor): Promise<LineChannel> {
  const row = await channelOf(db, deps, actor);
  assertStep(row, 4);
  const token = await channelToken(db, deps, row);
  const endpoint = webhookUrl(deps.config, deps.secrets.decrypt(row.webhookToken));
  let result;
  try {
    await deps.client.setWebhook(token, endpoint);
    result = await deps.client.testWebhook(token, endpoint);
  } catch (error) {
    throw lineFailure(error);
  }
  if (!result.success) throw new AppError('LINE_WEBHOOK_TEST_FAILED', { reason: `${result.reason} ${result.detail}`.trim().slice(0, 120) });
  const saved = await lineRepository.updateChannel(db, actor.orgId, row.id, { webhookTestedAt: new Date(), completedSteps: Math.max(row.completedSteps, 4) });
  return toChannel(deps, saved);
}

/**
 * Forgets the credentials and tokens and changes the webhook path (the old URL answers 404 from now on);
 * conversations stay, and come back when the same channel is connected again.
 */
export async function disconnect(db: Db, deps: LineDeps, actor: Actor): Promise<void> {
  assertSystemAdministrator(actor);
  const row = await lineRepository.findChannel(db, actor.orgId);
  if (!row) return;
  const { token, hash } = newWebhookToken();
  await lineRepository.updateChannel(db, actor.orgId, row.id, {
    completedSteps: 0,
    channelSecret: null,
    accessToken: null,
    tokenExpiresAt: null,
    webhookToken: deps.secrets.encrypt(token),
    webhookTokenHash: hash,
    webhookTestedAt: null,
    webhookActive: null,
    testMessageAt: null,
  });
}
