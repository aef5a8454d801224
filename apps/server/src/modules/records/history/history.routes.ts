import { historyEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as historyService from './history.service.ts';

/** A record's field history and "restore this value". */
export const historyRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) =>
    historyService.listHistory(app.db, actorOf(request), request.params.kind, request.params.id, request.query.limit, request.query.before),
  );
  route(app, api.restore, async (request) =>
    historyService.restoreValue(app.db, actorOf(request), request.params.kind, request.params.id, request.body.entryId, request.body.field),
  );
};
