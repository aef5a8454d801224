import { rolesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../auth/auth.ts';
import * as rolesService from './roles.service.ts';

/** Settings → roles (docs/product.md#team-and-access). */
export const rolesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => rolesService.listRoles(app.db, actorOf(request)));
  route(app, api.create, async (request) => rolesService.createRole(app.db, actorOf(request), request.body.name));
  route(app, api.rename, async (request) => rolesService.renameRole(app.db, actorOf(request), request.body));
  route(app, api.remove, async (request) => {
    await rolesService.deleteRole(app.db, actorOf(request), request.query.id);
    return null;
  });
};
