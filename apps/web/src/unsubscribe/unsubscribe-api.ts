import type { EndpointData, pdpaEndpoints } from '@lodestar/contract';
import { publicCall } from '../shared/public-page/public-api.ts';

/** The unsubscribe page's two calls, typed from the contract without its runtime (paths must equal the endpoints'). */
type Endpoints = typeof pdpaEndpoints;
const checkPath: Endpoints['unsubscribeView']['path'] = '/public/unsubscribe/check';
const unsubscribePath: Endpoints['unsubscribe']['path'] = '/public/unsubscribe';
type Answer = EndpointData<Endpoints['unsubscribe']>;

const post = (path: string, token: string, language: string): Promise<Answer> =>
  publicCall<Answer>(path, '', language, { method: 'POST', body: JSON.stringify({ token }) });

export const checkLink = (token: string, language: string) => post(checkPath, token, language);
export const unsubscribe = (token: string, language: string) => post(unsubscribePath, token, language);
