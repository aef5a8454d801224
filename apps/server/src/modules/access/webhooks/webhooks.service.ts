import { type Webhook, type WebhookDelivery } from '@lodestar/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as repository from './webhooks.repository.ts';
import { newWebhookSecret, urlAllowed } from './webhooks.sender.ts';
import type { WebhookFilter } from './webhooks.table.ts';

/** Settings → webhooks (docs/product.md#webhooks): administrators only; another workspace's webhook is not found. */

export interface WebhookDeps {
  secrets: () => Secrets;
  blockPrivateAddresses: boolean;
}

/** Retried for this long (Standard Webhooks' recommendation), then failed, and the subscription turned off. */
export const retryWindowMs = 24 * 3600_000;
export const logLength = 50;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toWebhook(row: repository.SubscriptionRow, last: Awaited<ReturnType<typeof repository.lastDeliveries>>[number] | undefined): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    eventTypes: row.eventTypes as Webhook['eventTypes'],
    filter: { stageTypeId: row.filter.stageTypeId ?? null },
    enabled: row.enabled,
    disabledAt: iso(row.disabledAt),
    createdAt: iso(row.createdAt)!,
    lastDelivery: last ? { status: last.status, statusCode: last.lastStatusCode, at: iso(last.updatedAt)! } : null,
  };
}

function toDelivery(row: repository.DeliveryRow, attempts: repository.AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    createdAt: iso(row.createdAt)!,
    payload: row.payload,
    log: attempts.map((a) => ({ attempt: a.attempt, at: iso(a.attemptedAt)!, statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error, response: a.response })),
  };
}

function checkedUrl(deps: WebhookDeps, url: string): string {
  if (!urlAllowed(url, deps.blockPrivateAddresses)) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field: 'url' });
  return url;
}

const filterOf = (filter: { stageTypeId?: string | null } | undefined): WebhookFilter => (filter?.stageTypeId ? { stageTypeId: filter.stageTypeId } : {});

async function subscriptionOf(db: Db, actor: Actor, id: string): Promise<repository.SubscriptionRow> {
  assertSystemAdministrator(actor);
  const row = await repository.findSubscription(db, actor.orgId, id);
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return row;
}

export async function listWebhooks(db: Db, actor: Actor): Promise<Webhook[]> {
  assertSystemAdministrator(actor);
  const [rows, last] = await Promise.all([repository.listSubscriptions(db, actor.orgId), repository.lastDeliveries(db, actor.orgId)]);
  const lastBySubscription = new Map(last.map((l) => [l.subscriptionId, l]));
  return rows.map((row) => toWebhook(row, lastBySubscription.get(row.id)));
}

type WebhookInput = { name: string; url: string; eventTypes: string[]; filter?: { stageTypeId?: string | null } };

export async function createWebhook(db: Db, deps: WebhookDeps, actor: Actor, input: WebhookInput): Promise<Webhook & { secret: string }> {
  assertSystemAdministrator(actor);
  const secret = newWebhookSecret();
  const row = await repository.insertSubscription(db, actor.orgId, {
    name: input.name,
    url: checkedUrl(deps, input.url),
    eventTypes: [...new Set(input.eventTypes)],
    filter: filterOf(input.filter),
    secret: deps.secrets().encrypt(secret),
    createdByUserId: actor.userId,
  });
  return { ...toWebhook(row, undefined), secret };
}

export async function updateWebhook(db: Db, deps: WebhookDeps, actor: Actor, id: string, input: WebhookInput & { enabled: boolean }): Promise<Webhook> {
  const current = await subscriptionOf(db, actor, id);
  const row = await repository.updateSubscription(db, actor.orgId, id, {
    name: input.name,
    url: input.url === current.url ? current.url : checkedUrl(deps, input.url),
    eventTypes: [...new Set(input.eventTypes)],
    filter: filterOf(input.filter),
    enabled: input.enabled,
    disabledAt: input.enabled ? null : current.disabledAt,
  });
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return (await listWebhooks(db, actor)).find((w) => w.id === id) ?? toWebhook(row, undefined);
}

export async function deleteWebhook(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await repository.deleteSubscription(db, actor.orgId, id))) throw new AppError('WEBHOOK_NOT_FOUND');
}

async function withLog(db: Db, orgId: string, rows: repository.DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = await repository.attemptsOf(db, orgId, rows.map((r) => r.id));
  return rows.map((row) => toDelivery(row, attempts.filter((a) => a.deliveryId === row.id)));
}

export async function listDeliveries(db: Db, actor: Actor, id: string): Promise<WebhookDelivery[]> {
  await subscriptionOf(db, actor, id);
  return withLog(db, actor.orgId, await repository.listDeliveries(db, actor.orgId, id, logLength));
}

/** A delivery due now, kept retrying for the retry window. */
export function newDelivery(orgId: string, subscriptionId: string, eventId: string, eventType: string, payload: string): repository.NewDelivery {
  return { orgId, subscriptionId, eventId, eventType, payload, giveUpAt: new Date(Date.now() + retryWindowMs) };
}

export async function testWebhook(db: Db, actor: Actor, id: string): Promise<WebhookDelivery> {
  const subscription = await subscriptionOf(db, actor, id);
  const eventId = randomUUID();
  const payload = JSON.stringify({
    id: eventId,
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    workspaceId: actor.orgId,
    actor: { kind: 'user', id: actor.userId },
    data: { kind: 'webhook', id: subscription.id, record: { name: subscription.name, url: subscription.url } },
  });
  const [row] = await repository.insertDeliveries(db, [newDelivery(actor.orgId, subscription.id, eventId, 'webhook.test', payload)]);
  return toDelivery(row!, []);
}

/** The same body and webhook-id again, as a new delivery (the receiver de-duplicates by the id). */
export async function resendDelivery(db: Db, actor: Actor, deliveryId: string): Promise<WebhookDelivery> {
  assertSystemAdministrator(actor);
  const delivery = await repository.findDelivery(db, actor.orgId, deliveryId);
  if (!delivery) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  const [row] = await repository.insertDeliveries(db, [newDelivery(actor.orgId, delivery.subscriptionId, delivery.eventId, delivery.eventType, delivery.payload)]);
  return toDelivery(row!, []);
}
