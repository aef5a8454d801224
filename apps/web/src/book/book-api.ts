import type { ApiEnvelope, EndpointBody, EndpointData, publicBookingEndpoints, ReservationServiceChoiceInput } from '@lodestar/contract';

/**
 * The public booking calls, typed from the contract without importing its runtime (this bundle stays small):
 * each path must equal its endpoint's path, so a changed route fails the type check here.
 */
type Endpoints = typeof publicBookingEndpoints;
const paths: { [K in keyof Endpoints]: Endpoints[K]['path'] } = {
  offer: '/public/booking/:idName',
  monthTime: '/public/booking/:idName/monthTime',
  prefill: '/public/booking/:idName/prefill',
  create: '/public/booking/:idName/reservation',
};

/** A failed answer: the server's localized message and code (RESERVATION_FULL, NOT_FOUND…). */
export class BookError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call<K extends keyof Endpoints>(
  name: K,
  idName: string,
  language: string,
  { search = '', ...init }: RequestInit & { search?: string } = {},
): Promise<EndpointData<Endpoints[K]>> {
  type T = EndpointData<Endpoints[K]>;
  const path = paths[name].replace(':idName', encodeURIComponent(idName)) + search;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': language, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new BookError(0, 'NETWORK', '');
  }
  let envelope: ApiEnvelope<T> | null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (response.ok && envelope?.result === 'success') return envelope.data;
  const failure = envelope?.result === 'fail' ? envelope : null;
  throw new BookError(response.status, failure?.errorCode ?? 'BAD_RESPONSE', failure?.errorMessage ?? '');
}

export function fetchOffer(idName: string, language: string, signal?: AbortSignal) {
  return call('offer', idName, language, { signal });
}

/** `services` travels as JSON text in the query (the contract parses it). */
export function fetchMonthTime(
  idName: string,
  query: { services: ReservationServiceChoiceInput[]; year: number; month: number; people: number },
  language: string,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ services: JSON.stringify(query.services), year: String(query.year), month: String(query.month), people: String(query.people) });
  return call('monthTime', idName, language, { signal, search: `?${params.toString()}` });
}

/** The contact details behind a signed booking link (`?p=`, sent by the business's LINE chat). */
export function fetchPrefill(idName: string, token: string, language: string, signal?: AbortSignal) {
  return call('prefill', idName, language, { signal, search: `?${new URLSearchParams({ p: token }).toString()}` });
}

export function createReservation(idName: string, body: EndpointBody<Endpoints['create']>, language: string) {
  return call('create', idName, language, { method: 'POST', body: JSON.stringify(body) });
}

/** A random request key (the idempotency key of one booking attempt). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
