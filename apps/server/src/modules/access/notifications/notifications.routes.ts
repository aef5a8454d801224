import { notificationEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../auth/auth.ts';
import * as notificationsService from './notifications.service.ts';

/** The signed-in member's bell in the workspace (docs/product.md#notifications). */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => notificationsService.listMine(app.db, actorOf(request)));
  route(app, api.read, async (request) => {
    await notificationsService.readAll(app.db, actorOf(request));
    return null;
  });
};
