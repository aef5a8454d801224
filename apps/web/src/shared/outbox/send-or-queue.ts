import i18next from 'i18next';
import { fillPath, type Endpoint, type EndpointData } from '@lodestar/contract';
import { ApiError, apiRequest, notifyUser } from '../api-client.ts';
import type { CallOptions } from '../call.ts';
import { getSession } from '../session.ts';
import { addEntry, type OutboxBody, type OutboxEntry, type OutboxKind } from './outbox-store.ts';

/**
 * A queueable write (docs/product.md#offline-outbox): sent at once when the device is online; when it cannot reach
 * the server it is kept in the outbox (outbox-store.ts) and sent later by outbox.ts, with the same Idempotency-Key.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function toBody(body: unknown): OutboxBody {
  if (body === undefined) return { type: 'none' };
  if (body instanceof FormData) return { type: 'form', fields: [...body.entries()] as [string, string | File][] };
  return { type: 'json', value: body };
}

/** Failures the redirect of apiRequest already answers (sign in again, no privilege, frozen workspace). */
function isRedirected(error: ApiError): boolean {
  return error.status === 401 || error.status === 423 || (error.status === 403 && error.code !== 'PLAN_LIMIT_REACHED');
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
  const idempotencyKey = newIdempotencyKey();
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
  // In `common`: the contact list's start page queues a new contact, and its first load has no `outbox` catalog.
  notifyUser('success', i18next.t('common:notifications.queued'));
  return null;
}
