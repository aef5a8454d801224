import i18next from 'i18next';
import { fillPath, type Endpoint, type EndpointData } from '@lodestar/contract';
import { ApiError, apiRequest, notifyUser } from '../api-client.ts';
import type { CallOptions } from '../call.ts';
import { getSession } from '../session.ts';
import { addEntry, deleteEntry, putEntry, refreshOutbox, type OutboxBody, type OutboxEntry, type OutboxKind } from './outbox-store.ts';

/**
 * Sending the outbox (docs/product.md#offline-outbox). A queueable write is sent at once when the device is online;
 * when it cannot reach the server it is kept in the outbox instead, and the outbox sends its writes in order when
 * the network returns. Each write carries its own Idempotency-Key (server platform/idempotency.ts), so a send whose
 * answer was lost is not written twice when it is sent again.
 */
const retryMs = 30_000;
let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const sentListeners = new Set<() => void>();

function newKey(): string {
  return crypto.randomUUID();
}

function toBody(body: unknown): OutboxBody {
  if (body === undefined) return { type: 'none' };
  if (body instanceof FormData) return { type: 'form', fields: [...body.entries()] as [string, string | File][] };
  return { type: 'json', value: body };
}

function fromBody(body: OutboxBody): unknown {
  if (body.type === 'none') return undefined;
  if (body.type === 'json') return body.value;
  const form = new FormData();
  for (const [name, value] of body.fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}

/** Failures the redirect of apiRequest already answers (sign in again, no privilege, frozen workspace). */
function isRedirected(error: ApiError): boolean {
  return error.status === 401 || error.status === 423 || (error.status === 403 && error.code !== 'PLAN_LIMIT_REACHED');
}

/** Sent later without being refused: the network, the server's load, or the same key still running. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'NETWORK' || error.status >= 500 || [401, 409, 423, 429].includes(error.status);
}

/**
 * Sends one write of the contract now, or keeps it in the outbox when the device is offline (or the request could
 * not reach the server): the answer's data, or null when it was queued ("saved on this device" is shown).
 */
export async function sendOrQueue<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
  what: { kind: OutboxKind; label: string },
): Promise<EndpointData<E> | null> {
  const { params, query, body, orgId, successMessage } = options as CallOptions<E> & { params?: Record<string, unknown>; query?: object; body?: unknown };
  const path = fillPath(endpoint.path, params);
  const idempotencyKey = newKey();
  if (navigator.onLine) {
    try {
      return await apiRequest<EndpointData<E>>(path, {
        method: endpoint.method,
        orgId,
        query: query as Record<string, string>,
        body,
        successMessage,
        idempotencyKey,
        notifyError: false,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'NETWORK') {
        if (error instanceof ApiError && !isRedirected(error)) notifyUser('error', error.message);
        throw error;
      }
    }
  }
  const userId = getSession().user?.id;
  if (!userId || !orgId) throw new ApiError(0, 'NETWORK', i18next.t('common:notifications.failed'));
  await addEntry({
    userId,
    orgId,
    kind: what.kind,
    label: what.label,
    method: endpoint.method as OutboxEntry['method'],
    path,
    query: Object.fromEntries(Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])),
    body: toBody(body),
    idempotencyKey,
    createdAt: new Date().toISOString(),
    state: 'waiting',
    error: null,
  });
  notifyUser('success', i18next.t('common:outbox.queued'));
  return null;
}

async function sendEntry(entry: OutboxEntry): Promise<'sent' | 'stop' | 'failed'> {
  try {
    await apiRequest(entry.path, {
      method: entry.method,
      orgId: entry.orgId,
      query: entry.query,
      body: fromBody(entry.body),
      idempotencyKey: entry.idempotencyKey,
      notifyError: false,
      overlay: false,
      successMessage: false,
    });
    await deleteEntry(entry);
    return 'sent';
  } catch (error) {
    if (isTransient(error)) return 'stop';
    await putEntry({ ...entry, state: 'failed', error: (error as Error).message });
    return 'failed';
  }
}

async function flushNow(userId: string): Promise<void> {
  let sent = 0;
  let stopped = false;
  for (const entry of await refreshOutbox(userId)) {
    if (entry.state !== 'waiting') continue;
    const outcome = await sendEntry(entry);
    if (outcome === 'sent') sent += 1;
    if (outcome === 'stop') {
      stopped = true;
      break;
    }
  }
  if (sent > 0) {
    notifyUser('success', i18next.t('common:outbox.sent', { count: sent }));
    for (const listener of sentListeners) listener();
  }
  clearTimeout(retryTimer);
  if (stopped && navigator.onLine) retryTimer = setTimeout(() => void flushOutbox(), retryMs);
}

/** Sends the signed-in user's waiting writes in order; one run at a time. */
export function flushOutbox(): Promise<void> {
  const userId = getSession().user?.id;
  if (!userId || !navigator.onLine) return refreshOutbox(userId ?? null).then(() => undefined);
  flushing ??= flushNow(userId).finally(() => {
    flushing = null;
  });
  return flushing;
}

/** A refused write sent again, with a new key: the refusal was kept under the old one. */
export async function retryEntry(entry: OutboxEntry): Promise<void> {
  await putEntry({ ...entry, state: 'waiting', error: null, idempotencyKey: newKey() });
  await flushOutbox();
}

export const discardEntry = deleteEntry;

/**
 * Starts sending: now, whenever the browser is back online, and after each retry delay. `onSent` refreshes what the
 * screens show (the app's queries) once writes went out.
 */
export function startOutbox(onSent: () => void): () => void {
  sentListeners.add(onSent);
  const onOnline = () => void flushOutbox();
  window.addEventListener('online', onOnline);
  void flushOutbox().catch(() => undefined);
  return () => {
    sentListeners.delete(onSent);
    window.removeEventListener('online', onOnline);
  };
}
