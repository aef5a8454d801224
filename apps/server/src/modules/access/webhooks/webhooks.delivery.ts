import { resolveLocale } from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { consumeBatches, eventPayload, type EventRow } from '../../../platform/events.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Mailer } from '../../../platform/mail.ts';
import * as repository from './webhooks.repository.ts';
import { sendWebhook } from './webhooks.sender.ts';
import { newDelivery, type WebhookDeps } from './webhooks.service.ts';
import { webhookDisabledMail } from './webhooks.mail.ts';

/**
 * The delivery side (docs/decisions/0018-events-outbox-and-webhooks.md): the `webhooks` consumer of the outbox turns
 * each event into one delivery row per matching subscription (in the transaction that moves its cursor: exactly once),
 * then due deliveries are leased with SKIP LOCKED and sent, several at a time. At least once: a process killed after
 * sending and before recording sends again when the lease expires; receivers de-duplicate by `webhook-id`.
 */

export interface DeliveryDeps extends WebhookDeps {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Requests in flight at once (default 32). */
  concurrency?: number;
  /** How long a claimed delivery stays leased (default 60 s): longer than a request's 10 s timeout. */
  leaseSeconds?: number;
}

/** After the n-th failed attempt, wait backoffMs[n - 1] (Standard Webhooks' schedule); the last repeats. */
export const backoffMs = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000];
const eventBatch = 500;
const runBudgetMs = 40_000;

function matches(subscription: repository.SubscriptionRow, event: EventRow): boolean {
  if (subscription.orgId !== event.orgId || !subscription.eventTypes.includes(event.type)) return false;
  const stageTypeId = subscription.filter.stageTypeId;
  return !stageTypeId || event.recordKind !== 'deal' || event.data.record.stage_type_id === stageTypeId;
}

/** Moves the `webhooks` cursor through the outbox, queuing deliveries; answers how many events it read. */
export async function dispatchEvents(db: Db, maxBatches = 20): Promise<number> {
  return consumeBatches(db, 'webhooks', eventBatch, maxBatches, async (tx, batch) => {
    const subscriptions = await repository.enabledSubscriptionsOf(tx, [...new Set(batch.map((e) => e.orgId))]);
    if (subscriptions.length === 0) return;
    const rows = batch.flatMap((event) => {
      const targets = subscriptions.filter((s) => matches(s, event));
      if (targets.length === 0) return [];
      const payload = JSON.stringify(eventPayload(event));
      return targets.map((s) => newDelivery(event.orgId, s.id, event.id, event.type, payload));
    });
    await repository.insertDeliveries(tx, rows);
  });
}

async function notifyAdministrators(db: Db, deps: DeliveryDeps, subscription: repository.SubscriptionRow): Promise<void> {
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/settings/webhooks?orgId=${subscription.orgId}`;
  for (const admin of await repository.administratorsOf(db, subscription.orgId)) {
    deps.mailer.send(webhookDisabledMail(resolveLocale(admin.language), admin.email, { orgName: admin.orgName, name: subscription.name, url: subscription.url, link }));
  }
}

async function attempt(deps: DeliveryDeps, claimed: repository.ClaimedDelivery): Promise<repository.AttemptOutcome> {
  const result = await sendWebhook({ url: claimed.url, secret: deps.secrets().decrypt(claimed.secret), id: claimed.eventId, body: claimed.payload, blockPrivate: deps.blockPrivateAddresses });
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const next = new Date(Date.now() + backoffMs[Math.min(claimed.attempts, backoffMs.length) - 1]!);
  const status = ok ? 'succeeded' : next > claimed.giveUpAt ? 'failed' : 'pending';
  return { deliveryId: claimed.id, orgId: claimed.orgId, attempt: claimed.attempts, ...result, status, nextAttemptAt: status === 'pending' ? next : null };
}

/** Sends due deliveries until none is due or the run's budget is spent; answers how many attempts it made. */
export async function deliverDue(db: Db, deps: DeliveryDeps): Promise<number> {
  const started = Date.now();
  let total = 0;
  while (Date.now() - started < runBudgetMs) {
    const claimed = await repository.claimDueDeliveries(db, deps.concurrency ?? 32, deps.leaseSeconds ?? 60);
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(claimed.map((c) => attempt(deps, c)));
    await repository.recordAttempts(db, outcomes);
    total += outcomes.length;
    for (const failed of outcomes.filter((o) => o.status === 'failed')) {
      const subscriptionId = claimed.find((c) => c.id === failed.deliveryId)!.subscriptionId;
      const disabled = await repository.disableForFailures(db, failed.orgId, subscriptionId);
      if (disabled) {
        deps.log.warn({ webhook: disabled.id, orgId: disabled.orgId }, 'webhook turned off after 24 hours of failed deliveries');
        await notifyAdministrators(db, deps, disabled);
      }
    }
  }
  return total;
}

/** One run: queue the new events' deliveries, then send what is due. */
export async function runWebhooks(db: Db, deps: DeliveryDeps): Promise<{ events: number; attempts: number }> {
  const events = await dispatchEvents(db);
  const attempts = await deliverDue(db, deps);
  return { events, attempts };
}

/** Polled every few seconds by server.ts; the job's lease is about one run's budget, so a killed run resumes soon. */
export function webhooksJobs(deps: DeliveryDeps): JobDefinition[] {
  return [{ name: 'webhooks.deliver', intervalMs: 2_000, leaseSeconds: 60, run: (db) => runWebhooks(db, deps) }];
}
