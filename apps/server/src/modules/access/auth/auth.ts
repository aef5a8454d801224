import type { Feature, Method } from '@lodestar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../users/users.service.ts';
import * as usersService from '../users/users.service.ts';
import * as accessCore from '../privileges/access-core.ts';
import type { Actor } from '../privileges/access-core.ts';
import * as authCache from './auth-cache.ts';
import { AppError } from '../../../platform/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser. */
    user: UserRow | undefined;
    sessionId: string | undefined;
    /** Set by requireMember: who acts, in which organization, with which privileges. */
    actor: Actor | undefined;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('actor', undefined);
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
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (request.user) return;
  const token = bearerToken(request);
  const found = token ? await usersService.findSessionUser(this.db, token) : undefined;
  if (!found) throw new AppError('UNAUTHENTICATED');
  request.user = found.user;
  request.sessionId = found.sessionId;
}

/**
 * preHandler for every org-scoped call: `?orgId=` must name an existing organization (404),
 * the caller must be an activated member (403) and it must not be frozen (423).
 */
export async function requireMember(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  await requireUser.call(this, request);
  const orgId = (request.query as { orgId?: unknown } | undefined)?.orgId;
  if (typeof orgId !== 'string') throw new AppError('ORG_NOT_FOUND');
  const userId = request.user!.id;
  // Cached a few seconds (auth-cache.ts); its per-request department scope sets are reused with it.
  request.actor = await authCache.cachedActor(userId, orgId, () => accessCore.loadActor(this.db, userId, orgId));
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
