import { activityReportsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as activityReportsService from './activity-reports.service.ts';

export const activityReportsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.report, async (request) => activityReportsService.teamReport(app.db, actorOf(request), request.query));
  route(app, api.personal, async (request) => activityReportsService.personalReport(app.db, actorOf(request), request.query));
  route(app, api.detail, async (request) => activityReportsService.detail(app.db, actorOf(request), request.query));
  route(app, api.list, async (request) => activityReportsService.listActivities(app.db, actorOf(request), request.query));
  route(app, api.setting, async (request) => activityReportsService.getSetting(app.db, actorOf(request)));
  route(app, api.saveSetting, async (request) => activityReportsService.saveSetting(app.db, actorOf(request), request.body));
  route(app, api.targetHeader, async (request) => activityReportsService.targetHeader(app.db, actorOf(request)));
  route(app, api.performanceTarget, async (request) => activityReportsService.performanceTargets(app.db, actorOf(request), request.query.year));
};
