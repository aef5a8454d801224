import { idParamsSchema, orgIdQuerySchema } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireMember, requireUser } from '../auth/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { readFile } from './files.ts';

/** GET /api/files/{id}?orgId=: an uploaded file of the caller's workspace. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    { onRequest: requireUser, preHandler: requireMember, schema: { tags: ['files'], security: [{ bearerAuth: [] }], params: idParamsSchema, querystring: orgIdQuerySchema } },
    async (request, reply) => {
      const file = await readFile(app.db, app.config.dataDir, actorOf(request).orgId, request.params.id);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
