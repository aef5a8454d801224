import { statisticsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as statisticsService from './statistics.service.ts';

export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.dashboard, async (request) => statisticsService.dashboard(app.db, actorOf(request), request.query));
  route(app, api.performance, async (request) => statisticsService.performance(app.db, actorOf(request), request.query));
  route(app, api.forecast, async (request) => statisticsService.forecast(app.db, actorOf(request), request.query));
  route(app, api.productRanking, async (request) => statisticsService.productRanking(app.db, actorOf(request), request.query));
  route(app, api.salesRanking, async (request) => statisticsService.salesRanking(app.db, actorOf(request), request.query));
  route(app, api.people, async (request) => statisticsService.people(app.db, actorOf(request), request.query.feature));
};
