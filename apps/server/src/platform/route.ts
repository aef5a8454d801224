import { requiredApiScopes, type ApiScope, type Endpoint, type EndpointParsed, type EndpointResult } from '@lodestar/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { envelope, ok } from './errors.ts';
import { rememberServedEndpoint } from './openapi-components.ts';
import { operationIdOf, rememberRawAnswer, summaryOf } from './openapi-document.ts';
import { SerializedJson } from './read-cache.ts';
import { encodingFor } from './compression.ts';
import { claimIdempotencyKey, keepIdempotentAnswer } from './idempotency.ts';

/**
 * The guards that `access` endpoints need, provided by the access context at start-up (see
 * modules/access/auth/auth.ts → registerAuth). Platform code knows their names, not their implementation,
 * so it stays below every context.
 */
export interface Guards {
  /** onRequest: 401 unless a live session token is presented. */
  user: onRequestHookHandler;
  /** preHandler: `?orgId=` exists (404), the caller is an activated member (403), not frozen (423). */
  member: preHandlerHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    guards: Guards;
  }
  interface FastifyContextConfig {
    /** The scope an API key needs for this route (from the endpoint's `scope`); `any`: every live key (the MCP endpoint). */
    apiScope?: ApiScope[] | 'any';
  }
}

/** A request whose params, query and body are typed by the endpoint's schemas (parsed output). */
export type RouteRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & EndpointParsed<E>;

export type RouteHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | SerializedJson> | EndpointResult<E> | SerializedJson;

export interface RouteOptions {
  /** Extra preHandlers after the guard (privilege checks). */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Checks after the guard and before the input is validated (who may even learn that a route exists). */
  preValidation?: preHandlerHookHandler;
  /** Route config, e.g. `{ rateLimit: … }` for public calls. */
  config?: FastifyContextConfig & Record<string, unknown>;
  /**
   * The answer is built field by field from typed rows (the list and detail pages): sent with JSON.stringify instead
   * of being re-validated by its schema on the way out. Under the test suites it is still encoded by the schema and
   * must come out identical (no field stripped, defaulted or transformed), so a drift fails the tests, not a user.
   */
  builtAnswer?: boolean;
}

const checkBuiltAnswers = Boolean(process.env.VITEST);

const builtAnswerSerializer: NonNullable<RouteShorthandOptions['serializerCompiler']> =
  ({ schema, url }) =>
  (data: unknown) => {
    if (checkBuiltAnswers) {
      const encoded = z.safeEncode(schema as z.ZodType, data);
      if (!encoded.success) throw new Error(`${url}: the answer does not match its schema: ${encoded.error.message}`);
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(encoded.data)), JSON.parse(JSON.stringify(data)))) {
        throw new Error(`${url}: the schema changes this answer (a field stripped, defaulted or transformed); drop builtAnswer or fix the builder`);
      }
    }
    return JSON.stringify(data);
  };

const orgIdQuery = z.object({ orgId: z.uuid() });

/** The endpoint's description, and the API key scope it needs when it takes keys. */
function descriptionOf(endpoint: Endpoint): string | undefined {
  if (endpoint.keyAccess === 'any') return endpoint.description;
  if (!endpoint.scope) return endpoint.description;
  const scopes = requiredApiScopes(endpoint.scope, endpoint.method).map((s) => `\`${s}\``).join(' or ');
  const scope = `API keys and personal access tokens need the scope ${scopes}${endpoint.method === 'GET' ? ' (or its write scope)' : ''}.`;
  return endpoint.description ? `${endpoint.description} ${scope}` : scope;
}

/** What the key guard (access/auth) asks of an API key: one of these scopes, any live key, or nothing (keys refused). */
function apiScopeOf(endpoint: Endpoint): { apiScope?: ApiScope[] | 'any' } {
  if (endpoint.keyAccess === 'any') return { apiScope: 'any' };
  return endpoint.scope ? { apiScope: requiredApiScopes(endpoint.scope, endpoint.method) } : {};
}

function querySchema(endpoint: Endpoint): z.ZodType | undefined {
  if (endpoint.access !== 'member') return endpoint.query;
  if (!endpoint.query) return orgIdQuery;
  // A query that names orgId itself (often refined, which zod cannot extend) is used as it is.
  if (endpoint.query instanceof z.ZodObject && 'orgId' in endpoint.query.shape) return endpoint.query;
  if (endpoint.query instanceof z.ZodObject) return endpoint.query.extend(orgIdQuery.shape);
  throw new Error(`${endpoint.tag}.${endpoint.name}: a member endpoint's query must be a z.object (orgId is added to it)`);
}

/**
 * Registers one endpoint of the contract: its method and path (under the plugin's `/api` prefix), the
 * guard its `access` names, OpenAPI tag and security, validation of params/query/body, and the success
 * envelope around what the handler returns (unless the endpoint answers `raw`).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>, options: RouteOptions = {}): void {
  const raw = endpoint.response === 'raw';
  const guard = endpoint.access === 'member' ? [app.guards.member] : [];
  const querystring = querySchema(endpoint);
  rememberServedEndpoint(endpoint);
  if (raw && endpoint.rawAnswer) rememberRawAnswer(endpoint.method, `${app.prefix}${endpoint.path}`, endpoint.rawAnswer);
  const extra = options.preHandler === undefined ? [] : Array.isArray(options.preHandler) ? options.preHandler : [options.preHandler];
  // Workspace writes honour an Idempotency-Key (platform/idempotency.ts), once the caller is known to be allowed.
  const idempotent = endpoint.access === 'member' && endpoint.method !== 'GET';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: endpoint.access === 'public' ? undefined : app.guards.user,
    preHandler: [...guard, ...extra, ...(idempotent ? [claimIdempotencyKey] : [])],
    ...(idempotent ? { onSend: keepIdempotentAnswer } : {}),
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    config: { ...options.config, ...apiScopeOf(endpoint) },
    ...(options.builtAnswer ? { serializerCompiler: builtAnswerSerializer } : {}),
    schema: {
      tags: [endpoint.tag],
      operationId: operationIdOf(endpoint),
      summary: summaryOf(endpoint),
      ...(descriptionOf(endpoint) ? { description: descriptionOf(endpoint) } : {}),
      // Public calls say so (an empty requirement), rather than leaving the security of the operation unstated.
      // Endpoints of an API scope also take an API key or personal access token (docs/decisions/0019-api-keys.md).
      security: endpoint.access === 'public' ? [] : apiScopeOf(endpoint).apiScope ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(endpoint.body && endpoint.bodyKind !== 'multipart' ? { body: endpoint.body } : {}),
      // A raw answer (a file, a calendar, a redirect) is documented from `rawAnswer` (openapi-document.ts); its failures are the envelope (app.ts).
      response: raw ? {} : { [endpoint.successStatus ?? 200]: envelope(endpoint.response as z.ZodType) },
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as RouteRequest<E>, reply);
      if (result instanceof SerializedJson) {
        // A cached answer (read-cache.ts) is sent as the text it was kept as: no second validation or serialization,
        // compressed once for the browsers that accept it.
        reply.type('application/json; charset=utf-8');
        reply.header('vary', 'Accept-Encoding');
        const encoding = encodingFor(result.envelope.length, request.headers['accept-encoding']);
        if (!encoding) return result.envelope;
        reply.header('content-encoding', encoding);
        return result.compressed(encoding);
      }
      if (endpoint.successStatus) reply.code(endpoint.successStatus);
      return raw ? result : ok(result);
    },
  });
}
