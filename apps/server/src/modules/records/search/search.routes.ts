import { searchEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as searchService from './search.service.ts';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.search, async (request) => ({
    items: await searchService.search(app.db, actorOf(request), request.query.keyword, request.query.limit),
  }));
};
