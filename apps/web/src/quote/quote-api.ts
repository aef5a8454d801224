import type { EndpointBody, EndpointData, publicQuotesEndpoints } from '@lodestar/contract';
import { publicCall } from '../shared/public-page/public-api.ts';


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
export const logoPath = (token: string): string => `/api${'/public/quote/:token/logo' satisfies Endpoints['publicLogo']['path']}`.replace(':token', encodeURIComponent(token));
export const pdfPath = (token: string): string => `/api${'/public/quote/:token/pdf' satisfies Endpoints['publicPdf']['path']}`.replace(':token', encodeURIComponent(token));

function call<K extends keyof typeof paths>(name: K, token: string, language: string, init: RequestInit = {}): Promise<EndpointData<Endpoints[K]>> {
  return publicCall(paths[name], token, language, init);
}

export const fetchQuote = (token: string, language: string) => call('publicView', token, language);
export const acceptQuote = (token: string, body: EndpointBody<Endpoints['accept']>, language: string) => call('accept', token, language, { method: 'POST', body: JSON.stringify(body) });
export const declineQuote = (token: string, body: EndpointBody<Endpoints['decline']>, language: string) => call('decline', token, language, { method: 'POST', body: JSON.stringify(body) });
