import { businessAnswerSchema, businessSaveBodySchema, businessSchema, idNameCheckQuerySchema, idNameCheckSchema, orgIdQuerySchema } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as businessesService from './businesses.service.ts';

const tags = ['booking'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(businessAnswerSchema) } } },
    async (request) => ok(await businessesService.getBusiness(app.db, actorOf(request))),
  );

  app.put(
    '/business',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: businessSaveBodySchema, response: { 200: envelope(businessSchema) } } },
    async (request) => ok(await businessesService.saveBusiness(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/business/idName-check',
    { ...guarded, schema: { tags, security, querystring: idNameCheckQuerySchema, response: { 200: envelope(idNameCheckSchema) } } },
    async (request) => ok({ available: await businessesService.isIdNameAvailable(app.db, actorOf(request), request.query.idName) }),
  );
};
