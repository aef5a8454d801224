import { myPrivilegesSchema, orgIdQuerySchema } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../platform/auth.ts';
import { envelope, ok } from '../../platform/errors.ts';
import * as privilegesService from './privileges.service.ts';

const tags = ['privileges'];
const security = [{ bearerAuth: [] }];

export const privilegesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privilege/user/isSystemAdministrator',
    {
      onRequest: requireUser, preHandler: requireMember,
      schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(z.boolean()) } },
    },
    async (request) => ok(actorOf(request).isSystemAdministrator),
  );

  app.get(
    '/privilege/user/features',
    {
      onRequest: requireUser, preHandler: requireMember,
      schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(myPrivilegesSchema) } },
    },
    async (request) => ok(privilegesService.myPrivileges(actorOf(request))),
  );
};
