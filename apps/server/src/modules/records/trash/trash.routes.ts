import { trashEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as trashService from './trash.service.ts';

export const trashRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => trashService.listTrash(app.db, actorOf(request), request.query));
  route(app, api.restore, async (request) => ({ count: await trashService.restore(app.db, actorOf(request), request.body.items) }));
  route(app, api.deleteForever, async (request) => ({ count: await trashService.deleteForever(app.db, actorOf(request), request.body.items) }));
  route(app, api.empty, async (request) => ({ count: await trashService.emptyTrash(app.db, actorOf(request)) }));
};
