import type { Feature, Method } from '@lodestar/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../users/users.service.ts';
import * as usersService from '../users/users.service.ts';
import * as accessCore from '../privileges/access-core.ts';
import type { Actor } from '../privileges/access-core.ts';
import * as authCache from './auth-cache.ts';
import { checkKey, keyMayCall, narrowActor, rateLimitHeaders, type KeyCaller } from '../api-keys/api-keys.auth.ts';
import { isApiKeyToken } from '../api-keys/api-keys.service.ts';
import { AppError } from '../../../platform/errors.ts';
import { setEventActor } from '../../../platform/event-actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser. */
    user: UserRow | undefined;
    sessionId: string | undefined;
    /** Set by requireMember: who acts, in which organization, with which privileges. */
    actor: Actor | undefined;
    /** Set by requireUser when the call carries an API key or a personal access token instead of a session. */
    apiKey: KeyCaller | undefined;
    /** Set by requireMember for a key's call: its maker's own actor, before the scopes narrow it (REST hooks ask if the maker administers the workspace). */
    keyMaker: Actor | undefined;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('actor', undefined);
  app.decorateRequest('apiKey', undefined);
  app.decorateRequest('keyMaker', undefined);
  // platform/route.ts applies these to every endpoint by its `access`.
  app.decorate('guards', { user: requireUser, member: requireMember });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** onRequest (before validation, so anonymous calls get 401 not 400): 401 UNAUTHENTICATED unless a live session token is presented. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  if (request.user) return;
  const token = bearerToken(request);
  if (token && isApiKeyToken(token)) return requireKey(this, request, reply, token);
  const found = token ? await usersService.findSessionUser(this.db, token) : undefined;
  if (!found) throw new AppError('UNAUTHENTICATED');
  request.user = found.user;
  request.sessionId = found.sessionId;
  setEventActor(`user:${found.user.id}`);
}

/**
 * A call with an API key or a personal access token (docs/decisions/0019-api-keys.md): 401 unless the key is live
 * (revocation and expiry are read from the database on every call), 429 with Retry-After past its rate limit, 403
 * from an address outside its allow-list or for an endpoint outside its scopes. The request then carries the key's
 * maker as its user, and the key as the author of the events its writes leave.
 */
async function requireKey(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply | undefined, token: string): Promise<void> {
  const check = await checkKey(app.db, token, request.ip);
  if (!check.ok) {
    if (check.reason === 'rateLimited') {
      reply?.headers({ ...rateLimitHeaders(0), 'retry-after': String(check.retryAfterSeconds) });
      throw new AppError('RATE_LIMITED');
    }
    throw new AppError(check.reason === 'ipNotAllowed' ? 'API_KEY_IP_NOT_ALLOWED' : 'UNAUTHENTICATED');
  }
  reply?.headers(rateLimitHeaders(check.remaining));
  const needed = request.routeOptions.config?.apiScope;
  if (needed !== 'any' && !keyMayCall(check.caller.scopes, needed)) throw new AppError('API_KEY_SCOPE');
  const user = await usersService.findUserById(app.db, check.caller.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  request.user = user;
  request.apiKey = check.caller;
  setEventActor(`apiKey:${check.caller.id}`);
}

/**
 * preHandler for every org-scoped call: `?orgId=` must name an existing organization (404),
 * the caller must be an activated member (403) and it must not be frozen (423).
 */
export async function requireMember(this: FastifyInstance, request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  await requireUser.call(this, request, reply);
  const orgId = (request.query as { orgId?: unknown } | undefined)?.orgId;
  if (typeof orgId !== 'string') throw new AppError('ORG_NOT_FOUND');
  const key = request.apiKey;
  // A workspace key knows no other workspace: the same answer as a workspace that does not exist.
  if (key?.orgId && key.orgId !== orgId) throw new AppError('ORG_NOT_FOUND');
  const userId = request.user!.id;
  // Cached a few seconds (auth-cache.ts); its per-request department scope sets are reused with it.
  const actor = await authCache.cachedActor(userId, orgId, () => accessCore.loadActor(this.db, userId, orgId));
  request.actor = key ? narrowActor(actor, key.scopes) : actor;
  if (key) request.keyMaker = actor;
}

/** For routes after requireMember: the actor, which is always there. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** preHandler factory: after requireMember, 403 FORBIDDEN unless the actor may use feature.method. */
export function requirePrivilege(feature: Feature, method: Method) {
  return async (request: FastifyRequest): Promise<void> => {
    accessCore.assertCan(actorOf(request), feature, method);
  };
}

/**
 * For the route plugins whose writes change who may do what (privileges, members, departments,
 * workspaces): after a successful write, before the answer leaves (so after its commit), the cached
 * actors are dropped.
 */
export function dropCachedActorsAfterWrites(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) authCache.invalidateActors();
    return payload;
  });
}
