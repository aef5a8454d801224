import { lostReasonsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as lostReasonsService from './lost-reasons.service.ts';

export const lostReasonsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => ({ items: await lostReasonsService.listLostReasons(app.db, actorOf(request).orgId) }));
  route(app, api.create, async (request) => lostReasonsService.createLostReason(app.db, actorOf(request), request.body));
  route(app, api.update, async (request) => lostReasonsService.renameLostReason(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.remove, async (request) => {
    await lostReasonsService.deleteLostReason(app.db, actorOf(request), request.params.id);
    return null;
  });
};
