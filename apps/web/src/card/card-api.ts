import type { EndpointBody, EndpointData, publicCardEndpoints } from '@lodestar/contract';
import { publicCall } from '../shared/public-page/public-api.ts';

/**
 * The public card calls, typed from the contract without importing its runtime (this bundle stays small):
 * each path must equal its endpoint's path, so a changed route fails the type check here.
 */
type Endpoints = typeof publicCardEndpoints;
const paths: { [K in 'get' | 'exchange']: Endpoints[K]['path'] } = {
  get: '/public/card/:slug',
  exchange: '/public/card/:slug/exchange',
};

function call<K extends keyof typeof paths>(name: K, slug: string, language: string, init: RequestInit = {}): Promise<EndpointData<Endpoints[K]>> {
  return publicCall(paths[name], slug, language, init);
}

export function fetchCard(slug: string, language: string, signal?: AbortSignal) {
  return call('get', slug, language, { signal });
}

export function exchangeCards(slug: string, body: EndpointBody<Endpoints['exchange']>, language: string) {
  return call('exchange', slug, language, { method: 'POST', body: JSON.stringify(body) });
}
