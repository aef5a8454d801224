import {
  acceptInviteBodySchema,
  acceptInviteResultSchema,
  memberEditBodySchema,
  memberGetQuerySchema,
  memberIdBodySchema,
  memberInviteBodySchema,
  memberInviteResultSchema,
  memberListQuerySchema,
  memberSchema,
  orgIdQuerySchema,
  organizationUsersQuerySchema,
  organizationUsersSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, dropCachedActorsAfterWrites, requireMember, requireUser, userOf } from '../auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as membersService from './members.service.ts';

const tags = ['members'];
const security = [{ bearerAuth: [] }];
const done = envelope(z.null());
const member = { onRequest: requireUser, preHandler: requireMember };

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  dropCachedActorsAfterWrites(app);
  const mail = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.post(
    '/settings/user/create',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: memberInviteBodySchema,
        description:
          'Invite by email (system administrators; Team plan: the workspace plan or its top administrator\'s purchaseInfo.productId must be subscribe_team, else 403 ORG_TEAM_PLAN_REQUIRED). ' +
          'Each invitation mails PUBLIC_URL/user/orgAccepted?orgId=…&userId=<memberId>. An email already invited is mailed again; an activated or deactivated member → 409 MEMBER_ALREADY_EXISTS.',
        response: { 200: envelope(memberInviteResultSchema) },
      },
    },
    async (request) =>
      ok({ members: await membersService.inviteMembers(app.db, mail(), actorOf(request), userOf(request), request.body) }),
  );

  app.put(
    '/settings/user/edit',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: memberEditBodySchema,
        description: 'Privilege, department, system-administrator flag, role name. The top administrator cannot be demoted (409 MEMBER_TOP_ADMIN_PROTECTED).',
        response: { 200: envelope(memberSchema) },
      },
    },
    async (request) => ok(await membersService.editMember(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/settings/user/deactivated',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: memberIdBodySchema,
        description: 'activated → deactivated; their next request with this orgId gets 403. Not the top administrator (409).',
        response: { 200: done },
      },
    },
    async (request) => {
      await membersService.deactivateMember(app.db, actorOf(request), request.body.memberId);
      return ok(null);
    },
  );

  app.put(
    '/settings/user/activated',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: memberIdBodySchema,
        description: 'deactivated → activated (an invitation is activated only by its addressee accepting it).',
        response: { 200: done },
      },
    },
    async (request) => {
      await membersService.activateMember(app.db, actorOf(request), request.body.memberId);
      return ok(null);
    },
  );

  app.post(
    '/settings/user/cancelInvited',
    {
      ...member,
      schema: { tags, security, querystring: orgIdQuerySchema, body: memberIdBodySchema, description: 'Deletes an invitation (status invited only).', response: { 200: done } },
    },
    async (request) => {
      await membersService.cancelInvitation(app.db, actorOf(request), request.body.memberId);
      return ok(null);
    },
  );

  app.post(
    '/settings/user/acceptInvite',
    {
      onRequest: requireUser,
      schema: {
        tags, security, body: acceptInviteBodySchema,
        description:
          'The signed-in account accepts an invitation: userId is the memberId of the invitation link. Another account → 403 INVITATION_WRONG_ACCOUNT; cancelled, accepted or unknown → 404 INVITATION_NOT_FOUND.',
        response: { 200: envelope(acceptInviteResultSchema) },
      },
    },
    async (request) =>
      ok(await membersService.acceptInvitation(app.db, userOf(request), { orgId: request.body.orgId, memberId: request.body.userId })),
  );

  app.get(
    '/settings/user/list',
    {
      ...member,
      schema: { tags, security, querystring: memberListQuerySchema, description: 'System administrators; ordered by invitation time.', response: { 200: envelope(z.array(memberSchema)) } },
    },
    async (request) => ok(await membersService.listMembers(app.db, actorOf(request), request.query.status)),
  );

  app.get(
    '/settings/user/get',
    { ...member, schema: { tags, security, querystring: memberGetQuerySchema, response: { 200: envelope(memberSchema) } } },
    async (request) => ok(await membersService.getMember(app.db, actorOf(request), request.query.memberId)),
  );

  app.get(
    '/organizations/users',
    {
      ...member,
      schema: {
        tags, security, querystring: organizationUsersQuerySchema,
        description: 'Open (activated) users of the workspace for pickers; any member. role.name is the role name, else the privilege name.',
        response: { 200: envelope(organizationUsersSchema) },
      },
    },
    async (request) => ok({ users: await membersService.listOpenUsers(app.db, actorOf(request)) }),
  );
};
