import { mergesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf, userOf } from '../../access/auth/auth.ts';
import * as mergesService from './merges.service.ts';

/** The audit log's who, where and on what device. */
const requester = (request: FastifyRequest): mergesService.MergeRequester => {
  const agent = request.headers['user-agent'];
  return { label: request.apiKey ? `${userOf(request).email} (API key)` : userOf(request).email, ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
};

export const mergesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.merge, async (request) => mergesService.merge(app.db, actorOf(request), request.body, requester(request)));
  route(app, api.list, async (request) => mergesService.listMerges(app.db, actorOf(request), request.query.kind));
  route(app, api.undo, async (request) => mergesService.undo(app.db, actorOf(request), request.params.id, requester(request)));
};
