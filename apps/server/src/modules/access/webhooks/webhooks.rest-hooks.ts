import { eventReadScope, scopeAllows, type DomainEvent, type EventType, type RestHook } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { eventPayload, latestEvents } from '../../../platform/events.ts';
import type { KeyCaller } from '../api-keys/api-keys.auth.ts';
import { assertSystemAdministrator, type Actor } from '../privileges/access-core.ts';
import * as repository from './webhooks.repository.ts';
import { newWebhookSecret, urlAllowed } from './webhooks.sender.ts';
import type { WebhookDeps } from './webhooks.service.ts';

/**
 * REST hooks for Zapier-style tools (docs/events.md "REST hooks"): a key subscribes a URL to one event type and removes
 * it later; deliveries are ordinary webhook deliveries (signed, retried, logged, shown in Settings → Webhooks). Hooks
 * see the whole workspace, so the key's maker must administer it, and the key needs the read scope of the event's area.
 */
export interface HookCaller {
  key: KeyCaller | undefined;
  /** The key maker's own actor in the workspace (auth.ts `keyMaker`). */
  maker: Actor | undefined;
}

function checkedCaller(caller: HookCaller, event: EventType | undefined): { key: KeyCaller; maker: Actor } {
  const { key, maker } = caller;
  if (!key || !maker) throw new AppError('API_KEY_REQUIRED');
  assertSystemAdministrator(maker);
  if (event === undefined) return { key, maker };
  const scope = eventReadScope(event);
  if (!scope || !scopeAllows(key.scopes, scope)) throw new AppError('API_KEY_EVENT_NOT_ALLOWED', { field: 'event' });
  return { key, maker };
}

export async function subscribe(
  db: Db,
  deps: WebhookDeps,
  caller: HookCaller,
  input: { targetUrl: string; event: EventType; filter?: { stageTypeId?: string | null } },
): Promise<RestHook> {
  const { key, maker } = checkedCaller(caller, input.event);
  if (!urlAllowed(input.targetUrl, deps.blockPrivateAddresses)) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field: 'targetUrl' });
  const secret = newWebhookSecret();
  const row = await repository.insertSubscription(db, maker.orgId, {
    name: `REST hook · ${input.event}`,
    url: input.targetUrl,
    eventTypes: [input.event],
    filter: input.filter?.stageTypeId ? { stageTypeId: input.filter.stageTypeId } : {},
    secret: deps.secrets().encrypt(secret),
    createdByUserId: maker.userId,
    apiKeyId: key.id,
  });
  return { id: row.id, event: input.event, targetUrl: row.url, secret, createdAt: new Date(row.createdAt).toISOString() };
}

export async function unsubscribe(db: Db, caller: HookCaller, id: string): Promise<void> {
  const { key, maker } = checkedCaller(caller, undefined);
  if (!(await repository.deleteKeySubscription(db, maker.orgId, key.id, id))) throw new AppError('WEBHOOK_NOT_FOUND');
}

export async function latest(db: Db, caller: HookCaller, event: EventType, limit: number): Promise<DomainEvent[]> {
  const { maker } = checkedCaller(caller, event);
  return (await latestEvents(db, maker.orgId, event, limit)).map(eventPayload);
}
