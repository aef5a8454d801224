import { recordSummaryEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as recordSummaryService from './record-summary.service.ts';

/** The record pages' summary (figures and sections) and merged timeline (issue 30). */
export const recordSummaryRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.summary, async (request) => recordSummaryService.summary(app.db, actorOf(request), request.query.entityType, request.query.entityId));
  route(app, api.timelinePage, async (request) => recordSummaryService.timelinePage(app.db, actorOf(request), request.query));
};
