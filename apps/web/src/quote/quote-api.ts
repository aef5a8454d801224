import type { ApiEnvelope, EndpointBody, EndpointData, publicQuotesEndpoints } from '@lodestar/contract';

/**
 * The public quote calls, typed from the contract without importing its runtime (this bundle stays small): each path
 * must equal its endpoint's path, so a changed route fails the type check here.
 */
type Endpoints = typeof publicQuotesEndpoints;
const paths: { [K in 'publicView' | 'accept' | 'decline']: Endpoints[K]['path'] } = {
  publicView: '/public/quote/:token',
  accept: '/public/quote/:token/accept',
  decline: '/public/quote/:token/decline',
};
export const pdfPath = (token: string): string => `/api${'/public/quote/:token/pdf' satisfies Endpoints['publicPdf']['path']}`.replace(':token', encodeURIComponent(token));

/** A failed answer: the server's localized message and code (QUOTE_EXPIRED, QUOTE_CLOSED, NOT_FOUND…). */
export class QuoteError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call<K extends keyof typeof paths>(name: K, token: string, language: string, init: RequestInit = {}): Promise<EndpointData<Endpoints[K]>> {
  let response: Response;
  try {
    response = await fetch(`/api${paths[name].replace(':token', encodeURIComponent(token))}`, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': language, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    throw new QuoteError(0, 'NETWORK', '');
  }
  let envelope: ApiEnvelope<EndpointData<Endpoints[K]>> | null;
  try {
    envelope = (await response.json()) as ApiEnvelope<EndpointData<Endpoints[K]>>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.result === 'success') return envelope.data;
  const failure = envelope?.result === 'fail' ? envelope : null;
  throw new QuoteError(response.status, failure?.errorCode ?? 'BAD_RESPONSE', failure?.errorMessage ?? '');
}

export const fetchQuote = (token: string, language: string) => call('publicView', token, language);
export const acceptQuote = (token: string, body: EndpointBody<Endpoints['accept']>, language: string) => call('accept', token, language, { method: 'POST', body: JSON.stringify(body) });
export const declineQuote = (token: string, body: EndpointBody<Endpoints['decline']>, language: string) => call('decline', token, language, { method: 'POST', body: JSON.stringify(body) });
