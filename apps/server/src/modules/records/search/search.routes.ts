import { searchAnswerSchema, searchQuerySchema } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as searchService from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      onRequest: requireUser,
      preHandler: requireMember,
      schema: { tags: ['search'], security: [{ bearerAuth: [] }], querystring: searchQuerySchema, response: { 200: envelope(searchAnswerSchema) } },
    },
    async (request) => ok({ items: await searchService.search(app.db, actorOf(request), request.query.keyword, request.query.limit) }),
  );
};
