import { customFieldsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as customFieldsService from './custom-fields.service.ts';

export const customFieldsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => customFieldsService.listFields(app.db, actorOf(request).orgId, request.params.entity));
  route(app, api.create, async (request) => customFieldsService.createField(app.db, actorOf(request), request.params.entity, request.body));
  route(app, api.sort, async (request) => customFieldsService.sortFields(app.db, actorOf(request), request.params.entity, request.body.ids));
  route(app, api.update, async (request) =>
    customFieldsService.updateField(app.db, actorOf(request), request.params.entity, request.params.id, request.body),
  );
  route(app, api.remove, async (request) => {
    await customFieldsService.deleteField(app.db, actorOf(request), request.params.entity, request.params.id);
    return null;
  });
};
