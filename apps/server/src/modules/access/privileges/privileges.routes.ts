import {
  featureMethodsSchema,
  featureQuerySchema,
  memberPrivilegesQuerySchema,
  memberPrivilegesSchema,
  myPrivilegesSchema,
  orgIdQuerySchema,
  privilegeAssignBodySchema,
  privilegeCreateBodySchema,
  privilegeDeleteQuerySchema,
  privilegeDetailSchema,
  privilegeEditBodySchema,
  privilegeFeatureEditBodySchema,
  privilegeGetQuerySchema,
  privilegeNodesSchema,
  privilegeSummarySchema,
  privilegeUsersQuerySchema,
  privilegeUsersSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, dropCachedActorsAfterWrites, requireMember, requireUser } from '../auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as privilegesService from './privileges.service.ts';

const tags = ['privileges'];
const security = [{ bearerAuth: [] }];
const done = envelope(z.null());
const member = { onRequest: requireUser, preHandler: requireMember };
const adminsOnly = 'System administrators only (403 otherwise).';

export const privilegesRoutes: FastifyPluginAsyncZod = async (app) => {
  dropCachedActorsAfterWrites(app);
  app.get(
    '/privilege/user/isSystemAdministrator',
    { ...member, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(z.boolean()) } } },
    async (request) => ok(actorOf(request).isSystemAdministrator),
  );

  app.get(
    '/privilege/user/features',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema,
        description: "The caller's effective privileges in this workspace (the web polls it every 30 000 ms).",
        response: { 200: envelope(myPrivilegesSchema) },
      },
    },
    async (request) => ok(privilegesService.myPrivileges(actorOf(request))),
  );

  app.get(
    '/privilege/user/feature',
    {
      ...member,
      schema: {
        tags, security, querystring: featureQuerySchema,
        description: "The caller's methods for one feature (any member).",
        response: { 200: envelope(featureMethodsSchema) },
      },
    },
    async (request) => ok(privilegesService.featureMethodsOf(actorOf(request), request.query.feature)),
  );

  app.get(
    '/privilege/user/allnode/byfeature',
    {
      ...member,
      schema: {
        tags, security, querystring: featureQuerySchema,
        description:
          `${adminsOnly} Every department (nodeType department) and activated user (nodeType user, nodeId = account id) with the privilege assigned to it for the feature. ` +
          "A user's privilege for a feature is their user node's assignment, else their department's, else their member privilege; holders of the administrator privilege and the top administrator always have everything.",
        response: { 200: envelope(privilegeNodesSchema) },
      },
    },
    async (request) =>
      ok({ feature: request.query.feature, nodes: await privilegesService.listNodesByFeature(app.db, actorOf(request), request.query.feature) }),
  );

  app.post(
    '/privilege/user/setting',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: privilegeAssignBodySchema,
        description: `${adminsOnly} Replaces the nodes holding privilegeId for the feature; a node held by another privilege for the feature moves here. Unknown nodes → 404, nothing changed.`,
        response: { 200: done },
      },
    },
    async (request) => {
      await privilegesService.assignPrivilegeNodes(app.db, actorOf(request), request.body);
      return ok(null);
    },
  );

  app.get(
    '/privilege/user/list',
    {
      ...member,
      schema: {
        tags, security, querystring: privilegeUsersQuerySchema,
        description: `${adminsOnly} Members holding the privilege, and its per-feature node assignments.`,
        response: { 200: envelope(privilegeUsersSchema) },
      },
    },
    async (request) => ok(await privilegesService.listPrivilegeUsers(app.db, actorOf(request), request.query.privilegeId)),
  );

  app.get(
    '/privilege/user/get',
    {
      ...member,
      schema: {
        tags, security, querystring: memberPrivilegesQuerySchema,
        description: `${adminsOnly} One member's effective privileges and, per feature, where they come from.`,
        response: { 200: envelope(memberPrivilegesSchema) },
      },
    },
    async (request) => ok(await privilegesService.getMemberPrivileges(app.db, actorOf(request), request.query.memberId)),
  );

  // ---- settings/privilege ----

  app.get(
    '/settings/privilege/list',
    { ...member, schema: { tags, security, querystring: orgIdQuerySchema, description: adminsOnly, response: { 200: envelope(z.array(privilegeSummarySchema)) } } },
    async (request) => ok(await privilegesService.listPrivileges(app.db, actorOf(request))),
  );

  app.get(
    '/settings/privilege/get',
    { ...member, schema: { tags, security, querystring: privilegeGetQuerySchema, description: adminsOnly, response: { 200: envelope(privilegeDetailSchema) } } },
    async (request) => ok(await privilegesService.getPrivilege(app.db, actorOf(request), request.query.id)),
  );

  app.post(
    '/settings/privilege/create',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: privilegeCreateBodySchema,
        description: `${adminsOnly} copyFromId copies that privilege's features (copying the administrator privilege gives an ordinary, editable one with every method); without it, the member defaults.`,
        response: { 200: envelope(privilegeDetailSchema) },
      },
    },
    async (request) => ok(await privilegesService.createPrivilegeFrom(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/settings/privilege/edit',
    { ...member, schema: { tags, security, querystring: orgIdQuerySchema, body: privilegeEditBodySchema, description: `${adminsOnly} Rename.`, response: { 200: envelope(privilegeDetailSchema) } } },
    async (request) => ok(await privilegesService.renamePrivilege(app.db, actorOf(request), request.body)),
  );

  app.delete(
    '/settings/privilege/delete',
    {
      ...member,
      schema: {
        tags, security, querystring: privilegeDeleteQuerySchema,
        description: `${adminsOnly} Built-in privileges → 409 PRIVILEGE_BUILT_IN. Held by members or assigned to nodes → 409 PRIVILEGE_IN_USE unless reassignTo names the privilege they get instead.`,
        response: { 200: done },
      },
    },
    async (request) => {
      await privilegesService.deletePrivilege(app.db, actorOf(request), { id: request.query.id, reassignTo: request.query.reassignTo });
      return ok(null);
    },
  );

  app.put(
    '/settings/privilege/feature/edit',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: privilegeFeatureEditBodySchema,
        description: `${adminsOnly} One feature's methods and visibility scope. Tag features take only create/edit/delete (400 methods). The administrator privilege → 409 PRIVILEGE_BUILT_IN.`,
        response: { 200: envelope(privilegeDetailSchema) },
      },
    },
    async (request) => ok(await privilegesService.editPrivilegeFeature(app.db, actorOf(request), request.body)),
  );
};
