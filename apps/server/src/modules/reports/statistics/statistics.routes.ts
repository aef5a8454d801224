import { statisticsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../platform/route.ts';
import { cachedRead } from '../../../platform/read-cache.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { actorCacheKey, type Actor } from '../../access/privileges/access-core.ts';
import { quoteStatistics } from './statistics.quotes.ts';
import * as statisticsService from './statistics.service.ts';

/**
 * Every figure adds up the deals of a period (at 500 000 deals, 50–260 ms of SQL), and managers open the same
 * dashboard at the same time: answers come from the read cache, reused until a deal, stage, target, product line,
 * member or department of the workspace changes (area 'statistics', migration 0055), so a write is never hidden.
 * The key holds the caller's privileges, department and the whole query, so every scope is its own answer. The
 * figures that move with the clock alone (stalled deals, days in a stage) may lag it by READ_CACHE_MS, as the deal
 * board's stalled flags do.
 */
function cached<Q>(request: FastifyRequest, name: string, compute: (actor: Actor, query: Q) => Promise<unknown>) {
  const actor = actorOf(request);
  const query = request.query as Q;
  const key = `statistics.${name}|${actorCacheKey(actor)}|${JSON.stringify(query)}`;
  return cachedRead(request.server.db, { orgId: actor.orgId, areas: ['statistics'], key }, () => compute(actor, query));
}

export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.dashboard, async (request) => cached(request, 'dashboard', (actor, query: typeof request.query) => statisticsService.dashboard(app.db, actor, query)));
  route(app, api.performance, async (request) => cached(request, 'performance', (actor, query: typeof request.query) => statisticsService.performance(app.db, actor, query)));
  route(app, api.forecast, async (request) => cached(request, 'forecast', (actor, query: typeof request.query) => statisticsService.forecast(app.db, actor, query)));
  route(app, api.productRanking, async (request) =>
    cached(request, 'productRanking', (actor, query: typeof request.query) => statisticsService.productRanking(app.db, actor, query)),
  );
  route(app, api.salesRanking, async (request) => cached(request, 'salesRanking', (actor, query: typeof request.query) => statisticsService.salesRanking(app.db, actor, query)));
  route(app, api.quotes, async (request) => quoteStatistics(app.db, actorOf(request), request.query));
  route(app, api.people, async (request) => statisticsService.people(app.db, actorOf(request), request.query.feature));
};
