import {
  orgIdQuerySchema,
  salesStageTypeListSchema,
  salesStageTypeSchema,
  stageCreateBodySchema,
  stageIdParamsSchema,
  stageSchema,
  stageSortBodySchema,
  stageTypeSaveBodySchema,
  stageUpdateBodySchema,
  uuidSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as salesStagesService from './sales-stages.service.ts';

const tags = ['sales stages'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };
const typeParams = z.object({ id: uuidSchema });

export const salesStagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/stage',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(salesStageTypeListSchema) } } },
    async (request) => ok({ items: await salesStagesService.listStageTypes(app.db, actorOf(request).orgId) }),
  );

  app.post(
    '/settings/stageType',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: stageTypeSaveBodySchema, response: { 200: envelope(salesStageTypeSchema) } } },
    async (request) => ok(await salesStagesService.createStageType(app.db, actorOf(request), request.body.stageTypeName)),
  );

  app.put(
    '/settings/stageType/:id',
    { ...guarded, schema: { tags, security, params: typeParams, querystring: orgIdQuerySchema, body: stageTypeSaveBodySchema, response: { 200: envelope(salesStageTypeSchema) } } },
    async (request) => ok(await salesStagesService.renameStageType(app.db, actorOf(request), request.params.id, request.body.stageTypeName)),
  );

  app.delete(
    '/settings/stageType/:id',
    { ...guarded, schema: { tags, security, params: typeParams, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await salesStagesService.deleteStageType(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/settings/stage',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: stageCreateBodySchema, response: { 200: envelope(stageSchema) } } },
    async (request) => ok(await salesStagesService.createStage(app.db, actorOf(request), request.body)),
  );

  app.post(
    '/settings/stage/sort',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: stageSortBodySchema, response: { 200: envelope(salesStageTypeSchema) } } },
    async (request) => ok(await salesStagesService.sortStages(app.db, actorOf(request), request.body.stageTypeId, request.body.ids)),
  );

  app.put(
    '/settings/stage/:id',
    { ...guarded, schema: { tags, security, params: stageIdParamsSchema, querystring: orgIdQuerySchema, body: stageUpdateBodySchema, response: { 200: envelope(stageSchema) } } },
    async (request) => ok(await salesStagesService.updateStage(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/settings/stage/:id',
    { ...guarded, schema: { tags, security, params: stageIdParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await salesStagesService.deleteStage(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
};
