import { filesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../auth/auth.ts';
import { isImageType, readFile } from './files.ts';

/** GET /api/files/{id}?orgId=: an uploaded file of the caller's workspace. */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.get, async (request, reply) => {
    const file = await readFile(app.db, app.config.dataDir, actorOf(request).orgId, request.params.id);
    if (!file) throw new AppError('NOT_FOUND');
    // Files other than images (e-mail attachments kept on a record) never render in our origin: a download, sandboxed.
    if (!isImageType(file.mimeType)) reply.header('content-disposition', 'attachment').header('content-security-policy', "default-src 'none'; sandbox");
    return reply
      .header('content-type', file.mimeType)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
};
