import { savedFiltersEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as savedFiltersService from './saved-filters.service.ts';

/** The contact list's saved filters. */
export const savedFiltersRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => savedFiltersService.list(app.db, actorOf(request)));
  route(app, api.create, async (request) => savedFiltersService.create(app.db, actorOf(request), request.body));
  route(app, api.remove, async (request) => savedFiltersService.remove(app.db, actorOf(request), request.params.id));
};
