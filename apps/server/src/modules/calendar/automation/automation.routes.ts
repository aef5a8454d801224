import { automationEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as automationService from './automation.service.ts';

export const automationRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.setting, async (request) => automationService.getSetting(app.db, actorOf(request)));
  route(app, api.saveSetting, async (request) => automationService.saveSetting(app.db, actorOf(request), request.body));
};
