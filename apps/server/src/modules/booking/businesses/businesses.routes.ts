import { businessesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as businessesService from './businesses.service.ts';

export const businessesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.get, async (request) => businessesService.getBusiness(app.db, actorOf(request)));
  route(app, api.save, async (request) => businessesService.saveBusiness(app.db, actorOf(request), request.body));
  route(app, api.checkIdName, async (request) => ({ available: await businessesService.isIdNameAvailable(app.db, actorOf(request), request.query.idName) }));
};
