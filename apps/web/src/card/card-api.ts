import type { ApiEnvelope, EndpointBody, EndpointData, publicCardEndpoints } from '@lodestar/contract';

/**
 * The public card calls, typed from the contract without importing its runtime (this bundle stays small):
 * each path must equal its endpoint's path, so a changed route fails the type check here.
 */
type Endpoints = typeof publicCardEndpoints;
const paths: { [K in 'get' | 'exchange']: Endpoints[K]['path'] } = {
  get: '/public/card/:slug',
  exchange: '/public/card/:slug/exchange',
};

/** A failed answer: the server's localized message and code (CARD_NOT_FOUND, VALIDATION_FAILED…). */
export class CardError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call<K extends keyof typeof paths>(name: K, slug: string, language: string, init: RequestInit = {}): Promise<EndpointData<Endpoints[K]>> {
  let response: Response;
  try {
    response = await fetch(`/api${paths[name].replace(':slug', encodeURIComponent(slug))}`, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': language, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new CardError(0, 'NETWORK', '');
  }
  let envelope: ApiEnvelope<EndpointData<Endpoints[K]>> | null;
  try {
    envelope = (await response.json()) as ApiEnvelope<EndpointData<Endpoints[K]>>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.result === 'success') return envelope.data;
  const failure = envelope?.result === 'fail' ? envelope : null;
  throw new CardError(response.status, failure?.errorCode ?? 'BAD_RESPONSE', failure?.errorMessage ?? '');
}

export function fetchCard(slug: string, language: string, signal?: AbortSignal) {
  return call('get', slug, language, { signal });
}

export function exchangeCards(slug: string, body: EndpointBody<Endpoints['exchange']>, language: string) {
  return call('exchange', slug, language, { method: 'POST', body: JSON.stringify(body) });
}
