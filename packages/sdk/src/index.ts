import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema/index.d.ts';

export type { components, operations, paths } from './schema/index.d.ts';

/**
 * A typed client of the Lodestar API. Paths, parameters, bodies and answers are typed from the OpenAPI document the
 * server serves at /api/docs/json (`schema/`, one file per tag, written by `npm run sdk:generate`; a test fails when it is stale).
 *
 *   const lodestar = createLodestarClient({ baseUrl: 'http://localhost:3000', token });
 *   const contacts = unwrap(await lodestar.GET('/api/page/customer/listV2', { params: { query: { orgId } } }));
 */
export interface LodestarClientOptions {
  /** The server's origin, e.g. `http://localhost:3000` (paths start with `/api`). */
  baseUrl: string;
  /** A session token (`POST /api/login`), sent as `Authorization: Bearer`. */
  token?: string;
  /** `zh-TW` (default), `zh-CN` or `en-US`: the language of error messages. */
  language?: 'zh-TW' | 'zh-CN' | 'en-US';
  fetch?: typeof globalThis.fetch;
}

export type LodestarClient = Client<paths>;

export function createLodestarClient(options: LodestarClientOptions): LodestarClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const headers: Middleware = {
    onRequest({ request }) {
      if (options.token) request.headers.set('Authorization', `Bearer ${options.token}`);
      request.headers.set('Accept-Language', options.language ?? 'zh-TW');
      return request;
    },
  };
  client.use(headers);
  return client;
}

/** A failed answer: the envelope's code and message (in the client's language) and the HTTP status. */
export class LodestarApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'LodestarApiError';
  }
}

interface Envelope<T> {
  result: 'success' | 'fail';
  data: T;
  errorMessage?: string | null;
  errorCode?: string | null;
}

/** The `data` of a successful envelope, or a LodestarApiError for a failed one. */
export function unwrap<T>(answer: { data?: Envelope<T>; error?: unknown; response: Response }): T {
  if (answer.data && answer.data.result === 'success') return answer.data.data;
  const failed = (answer.data ?? answer.error) as Partial<Envelope<unknown>> | undefined;
  throw new LodestarApiError(answer.response.status, failed?.errorCode ?? null, failed?.errorMessage ?? `HTTP ${answer.response.status}`);
}
