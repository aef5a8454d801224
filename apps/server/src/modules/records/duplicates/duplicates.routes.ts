import { duplicatesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as duplicatesService from './duplicates.service.ts';

export const duplicatesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => duplicatesService.listDuplicates(app.db, actorOf(request), request.query));
  route(app, api.dismiss, async (request) => ({ count: await duplicatesService.dismiss(app.db, actorOf(request), request.body) }));
};
