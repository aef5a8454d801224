import { privilegesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf, dropCachedActorsAfterWrites } from '../auth/auth.ts';
import { featureMethodsOf, myPrivileges } from './access-core.ts';
import * as privilegesService from './privileges.service.ts';

export const privilegesRoutes: FastifyPluginAsync = async (app) => {
  dropCachedActorsAfterWrites(app);
  // ---- privilege/user: the caller's own privileges, and assignments to nodes ----
  route(app, api.isSystemAdministrator, async (request) => actorOf(request).isSystemAdministrator);
  route(app, api.mine, async (request) => myPrivileges(actorOf(request)));
  route(app, api.featureMethods, async (request) => featureMethodsOf(actorOf(request), request.query.feature));
  route(app, api.nodesByFeature, async (request) => ({
    feature: request.query.feature,
    nodes: await privilegesService.listNodesByFeature(app.db, actorOf(request), request.query.feature),
  }));
  route(app, api.assignNodes, async (request) => {
    await privilegesService.assignPrivilegeNodes(app.db, actorOf(request), request.body);
    return null;
  });
  route(app, api.holders, async (request) => privilegesService.listPrivilegeUsers(app.db, actorOf(request), request.query.privilegeId));
  route(app, api.memberPrivileges, async (request) => privilegesService.getMemberPrivileges(app.db, actorOf(request), request.query.memberId));

  // ---- settings/privilege ----
  route(app, api.list, async (request) => privilegesService.listPrivileges(app.db, actorOf(request)));
  route(app, api.get, async (request) => privilegesService.getPrivilege(app.db, actorOf(request), request.query.id));
  route(app, api.create, async (request) => privilegesService.createPrivilegeFrom(app.db, actorOf(request), request.body));
  route(app, api.rename, async (request) => privilegesService.renamePrivilege(app.db, actorOf(request), request.body));
  route(app, api.remove, async (request) => {
    await privilegesService.deletePrivilege(app.db, actorOf(request), { id: request.query.id, reassignTo: request.query.reassignTo });
    return null;
  });
  route(app, api.editFeature, async (request) => privilegesService.editPrivilegeFeature(app.db, actorOf(request), request.body));
};
