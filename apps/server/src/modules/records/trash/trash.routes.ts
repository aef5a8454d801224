import { countSchema, orgIdQuerySchema, trashItemsBodySchema, trashListQuerySchema, trashListSchema } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as trashService from './trash.service.ts';

const tags = ['trash'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trash',
    { ...guarded, schema: { tags, security, querystring: trashListQuerySchema, response: { 200: envelope(trashListSchema) } } },
    async (request) => ok(await trashService.listTrash(app.db, actorOf(request), request.query)),
  );
  app.post(
    '/trash/restore',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: trashItemsBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await trashService.restore(app.db, actorOf(request), request.body.items) }),
  );
  app.post(
    '/trash/deleteForever',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: trashItemsBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await trashService.deleteForever(app.db, actorOf(request), request.body.items) }),
  );
  app.post(
    '/trash/empty',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await trashService.emptyTrash(app.db, actorOf(request)) }),
  );
};
