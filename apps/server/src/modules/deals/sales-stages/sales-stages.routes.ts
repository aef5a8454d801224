import { salesStagesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as salesStagesService from './sales-stages.service.ts';

export const salesStagesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => ({ items: await salesStagesService.listStageTypes(app.db, actorOf(request).orgId) }));
  route(app, api.createType, async (request) => salesStagesService.createStageType(app.db, actorOf(request), request.body.stageTypeName));
  route(app, api.renameType, async (request) =>
    salesStagesService.renameStageType(app.db, actorOf(request), request.params.id, request.body.stageTypeName),
  );
  route(app, api.removeType, async (request) => {
    await salesStagesService.deleteStageType(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.create, async (request) => salesStagesService.createStage(app.db, actorOf(request), request.body));
  route(app, api.sort, async (request) => salesStagesService.sortStages(app.db, actorOf(request), request.body.stageTypeId, request.body.ids));
  route(app, api.update, async (request) => salesStagesService.updateStage(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.remove, async (request) => {
    await salesStagesService.deleteStage(app.db, actorOf(request), request.params.id);
    return null;
  });
};
