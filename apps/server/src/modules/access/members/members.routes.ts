import { membersEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf, dropCachedActorsAfterWrites, userOf } from '../auth/auth.ts';
import * as membersService from './members.service.ts';

export const membersRoutes: FastifyPluginAsync = async (app) => {
  dropCachedActorsAfterWrites(app);
  const mail = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  route(app, api.invite, async (request) => ({
    members: await membersService.inviteMembers(app.db, mail(), actorOf(request), userOf(request), request.body),
  }));
  route(app, api.edit, async (request) => membersService.editMember(app.db, actorOf(request), request.body));
  route(app, api.deactivate, async (request) => {
    await membersService.deactivateMember(app.db, actorOf(request), request.body.memberId);
    return null;
  });
  route(app, api.activate, async (request) => {
    await membersService.activateMember(app.db, actorOf(request), request.body.memberId);
    return null;
  });
  route(app, api.cancelInvitation, async (request) => {
    await membersService.cancelInvitation(app.db, actorOf(request), request.body.memberId);
    return null;
  });
  route(app, api.acceptInvitation, async (request) =>
    membersService.acceptInvitation(app.db, userOf(request), { orgId: request.body.orgId, memberId: request.body.userId }),
  );
  route(app, api.invitation, async (request) => membersService.invitationPreview(app.db, { orgId: request.query.orgId, memberId: request.query.userId }), {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });
  route(app, api.list, async (request) => membersService.listMembers(app.db, actorOf(request), request.query.status));
  route(app, api.get, async (request) => membersService.getMember(app.db, actorOf(request), request.query.memberId));
  route(app, api.openUsers, async (request) => ({ users: await membersService.listOpenUsers(app.db, actorOf(request)) }));
};
