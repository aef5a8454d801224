import i18next from 'i18next';
import { ApiError, apiRequest, notifyUser } from '../api-client.ts';
import { getSession } from '../session.ts';
import { deleteEntry, putEntry, refreshOutbox, type OutboxBody, type OutboxEntry } from './outbox-store.ts';
import { newIdempotencyKey } from './send-or-queue.ts';

/**
 * Sending the outbox (docs/product.md#offline-outbox): the writes kept by sendOrQueue (send-or-queue.ts) go out in
 * order when the network returns, each with its own Idempotency-Key (server platform/idempotency.ts), so a send whose
 * answer was lost is not written twice when it is sent again. Loaded with the header's indicator, not the pages.
 */
const retryMs = 30_000;
let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const sentListeners = new Set<() => void>();

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

/** Sent later without being refused: the network, the server's load, or the same key still running. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'NETWORK' || error.status >= 500 || [401, 409, 423, 429].includes(error.status);
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
    notifyUser('success', i18next.t('outbox:sent', { count: sent }));
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
  await putEntry({ ...entry, state: 'waiting', error: null, idempotencyKey: newIdempotencyKey() });
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
