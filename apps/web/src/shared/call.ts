import {
  fillPath,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointParams,
  type EndpointQuery,
} from '@lodestar/contract';
import { apiRequest, type ApiRequestOptions } from './api-client.ts';

/** A key that must be given when T has a value, and may be left out when T is undefined. */
type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
type QueryOf<E extends Endpoint> = [EndpointQuery<E>] extends [undefined] ? undefined : Omit<NonNullable<EndpointQuery<E>>, 'orgId'>;

/**
 * What `call` needs for one endpoint: its params, query and body, typed from the contract's schemas,
 * and for workspace (`member`) endpoints the `orgId` (required key: pass the route's orgId).
 */
export type CallOptions<E extends Endpoint> = Omit<ApiRequestOptions, 'method' | 'body' | 'query' | 'orgId'> &
  Slot<'params', EndpointParams<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', EndpointBody<E>> &
  (E['access'] extends 'member' ? { orgId: string | null | undefined } : { orgId?: string | null });

/**
 * Calls one endpoint of the contract: the path comes from its definition (filled with `params`), the
 * method too, and the answer is typed by its response schema. Everything else (envelope, 401/403/404/423,
 * notifications, overlay) is `apiRequest`'s.
 */
export function call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<EndpointData<E>> {
  const { params, query, body, ...rest } = options as CallOptions<E> & { params?: Record<string, unknown>; query?: object; body?: unknown };
  return apiRequest<EndpointData<E>>(fillPath(endpoint.path, params), {
    ...rest,
    method: endpoint.method,
    query: query as ApiRequestOptions['query'],
    body,
  });
}
