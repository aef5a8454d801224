import { mergesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as mergesService from './merges.service.ts';

export const mergesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.merge, async (request) => mergesService.merge(app.db, actorOf(request), request.body));
  route(app, api.list, async (request) => mergesService.listMerges(app.db, actorOf(request), request.query.kind));
  route(app, api.undo, async (request) => mergesService.undo(app.db, actorOf(request), request.params.id));
};
