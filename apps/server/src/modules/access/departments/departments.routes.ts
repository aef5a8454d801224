import { departmentsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf, dropCachedActorsAfterWrites } from '../auth/auth.ts';
import * as departmentsService from './departments.service.ts';

export const departmentsRoutes: FastifyPluginAsync = async (app) => {
  dropCachedActorsAfterWrites(app);
  route(app, api.list, async (request) => departmentsService.listDepartments(app.db, actorOf(request)));
  route(app, api.create, async (request) => departmentsService.createDepartmentFor(app.db, actorOf(request), request.body));
  route(app, api.edit, async (request) => departmentsService.editDepartment(app.db, actorOf(request), request.body));
  route(app, api.remove, async (request) => {
    await departmentsService.deleteDepartment(app.db, actorOf(request), request.query.id);
    return null;
  });
  route(app, api.assign, async (request) => {
    await departmentsService.assignMembers(app.db, actorOf(request), request.body);
    return null;
  });
};
