import {
  customFieldEntityParamsSchema,
  customFieldParamsSchema,
  customFieldSaveBodySchema,
  customFieldSchema,
  customFieldSortBodySchema,
  orgIdQuerySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as customFieldsService from './custom-fields.service.ts';

const tags = ['custom-fields'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

export const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/field/:entity',
    { ...guarded, schema: { tags, security, params: customFieldEntityParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.array(customFieldSchema)) } } },
    async (request) => ok(await customFieldsService.listFields(app.db, actorOf(request).orgId, request.params.entity)),
  );
  app.post(
    '/field/:entity',
    { ...guarded, schema: { tags, security, params: customFieldEntityParamsSchema, querystring: orgIdQuerySchema, body: customFieldSaveBodySchema, response: { 200: envelope(customFieldSchema) } } },
    async (request) => ok(await customFieldsService.createField(app.db, actorOf(request), request.params.entity, request.body)),
  );
  app.post(
    '/field/:entity/sort',
    { ...guarded, schema: { tags, security, params: customFieldEntityParamsSchema, querystring: orgIdQuerySchema, body: customFieldSortBodySchema, response: { 200: envelope(z.array(customFieldSchema)) } } },
    async (request) => ok(await customFieldsService.sortFields(app.db, actorOf(request), request.params.entity, request.body.ids)),
  );
  app.put(
    '/field/:entity/:id',
    { ...guarded, schema: { tags, security, params: customFieldParamsSchema, querystring: orgIdQuerySchema, body: customFieldSaveBodySchema, response: { 200: envelope(customFieldSchema) } } },
    async (request) =>
      ok(await customFieldsService.updateField(app.db, actorOf(request), request.params.entity, request.params.id, request.body)),
  );
  app.delete(
    '/field/:entity/:id',
    { ...guarded, schema: { tags, security, params: customFieldParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await customFieldsService.deleteField(app.db, actorOf(request), request.params.entity, request.params.id);
      return ok(null);
    },
  );
};
