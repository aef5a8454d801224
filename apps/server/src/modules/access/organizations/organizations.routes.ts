import {
  orgIdQuerySchema,
  organizationCreateBodySchema,
  organizationCreatedSchema,
  organizationListQuerySchema,
  organizationSchema,
  organizationUpdateBodySchema,
  workspaceRenameBodySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, dropCachedActorsAfterWrites, requireMember, requireUser, userOf } from '../auth/auth.ts';
import { envelope, fieldError, ok } from '../../../platform/errors.ts';
import * as organizationsService from './organizations.service.ts';

const tags = ['organizations'];
const security = [{ bearerAuth: [] }];
const done = envelope(z.null());

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  dropCachedActorsAfterWrites(app);
  const mail = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.post(
    '/organizations/create',
    {
      onRequest: requireUser,
      schema: { tags, security, body: organizationCreateBodySchema, response: { 200: envelope(organizationCreatedSchema) } },
    },
    async (request) => ok(await organizationsService.createOrganization(app.db, mail(), userOf(request), request.body)),
  );

  app.get(
    '/organizations/list',
    {
      onRequest: requireUser,
      schema: { tags, security, querystring: organizationListQuerySchema, response: { 200: envelope(z.array(organizationSchema)) } },
    },
    async (request) => {
      const ignoreFrozen = request.query.ignoreFrozen === 'true' || request.query.ignoreFrozen === '1';
      return ok(await organizationsService.listOrganizations(app.db, userOf(request), { ignoreFrozen }));
    },
  );

  app.get(
    '/organizations/get',
    {
      onRequest: requireUser, preHandler: requireMember,
      schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(organizationSchema) } },
    },
    async (request) => ok(await organizationsService.getOrganization(app.db, actorOf(request), userOf(request))),
  );

  app.get(
    '/organizations/getDefault',
    { onRequest: requireUser, schema: { tags, security, response: { 200: envelope(organizationSchema.nullable()) } } },
    async (request) => ok(await organizationsService.getDefaultOrganization(app.db, userOf(request))),
  );

  app.put(
    '/organizations/update',
    {
      onRequest: requireUser, preHandler: requireMember,
      schema: { tags, security, querystring: orgIdQuerySchema, body: organizationUpdateBodySchema, response: { 200: done } },
    },
    async (request) => {
      await organizationsService.updateOrganization(app.db, actorOf(request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/organizations/delete',
    { onRequest: requireUser, preHandler: requireMember, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: done } } },
    async (request) => {
      await organizationsService.deleteOrganization(app.db, actorOf(request));
      return ok(null);
    },
  );

  app.post(
    '/organizations/changeName',
    {
      onRequest: requireUser, preHandler: requireMember,
      schema: { tags, security, querystring: orgIdQuerySchema, body: workspaceRenameBodySchema, response: { 200: done } },
    },
    async (request) => {
      // The product's API sends orgId in the body too; it must name the workspace the query authorized.
      if (request.body.orgId !== request.query.orgId) throw fieldError('orgId', 'invalidValue');
      await organizationsService.renameOrganization(app.db, actorOf(request), request.body.workspaceName);
      return ok(null);
    },
  );

  app.post(
    '/organizations/setDefault',
    { onRequest: requireUser, preHandler: requireMember, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: done } } },
    async (request) => {
      await organizationsService.setDefaultOrganization(app.db, actorOf(request));
      return ok(null);
    },
  );
};
