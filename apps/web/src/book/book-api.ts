import type { EndpointBody, EndpointData, publicBookingEndpoints, ReservationServiceChoiceInput } from '@lodestar/contract';
import { publicCall } from '../shared/public-page/public-api.ts';

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

function call<K extends keyof Endpoints>(name: K, idName: string, language: string, init: RequestInit & { search?: string } = {}): Promise<EndpointData<Endpoints[K]>> {
  return publicCall(paths[name], idName, language, init);
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
