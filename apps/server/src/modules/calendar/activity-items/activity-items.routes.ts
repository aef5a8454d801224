import { activityItemsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as activityItemsService from './activity-items.service.ts';

export const activityItemsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.listItems, async (request) => activityItemsService.listItems(app.db, actorOf(request)));
  route(app, api.createItem, async (request) => activityItemsService.createItem(app.db, actorOf(request), request.body));
  route(app, api.getItem, async (request) => activityItemsService.getItem(app.db, actorOf(request), request.params.id));
  route(app, api.updateItem, async (request) => activityItemsService.updateItem(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.removeItem, async (request) => {
    await activityItemsService.deleteItem(app.db, actorOf(request), request.params.id);
    return null;
  });

  route(app, api.listProfiles, async (request) => activityItemsService.listProfiles(app.db, actorOf(request)));
  route(app, api.createProfile, async (request) => activityItemsService.createProfile(app.db, actorOf(request), request.body));
  route(app, api.getProfile, async (request) => activityItemsService.getProfile(app.db, actorOf(request), request.params.id));
  route(app, api.updateProfile, async (request) => activityItemsService.updateProfile(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.removeProfile, async (request) => {
    await activityItemsService.deleteProfile(app.db, actorOf(request), request.params.id);
    return null;
  });

  route(app, api.mine, async (request) => activityItemsService.userActivity(app.db, actorOf(request)));
};
