import { organizationsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { fieldError } from '../../../platform/errors.ts';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf, dropCachedActorsAfterWrites, userOf } from '../auth/auth.ts';
import { createOrganization } from './organization-creation.ts';
import * as organizationsService from './organizations.service.ts';

export const organizationsRoutes: FastifyPluginAsync = async (app) => {
  dropCachedActorsAfterWrites(app);
  const mail = () => ({ mailer: app.mailer, publicUrl: app.config.publicUrl });

  // Seeded names (the default stages, the lost reasons) follow the language the creator is using now; a call
  // without Accept-Language falls back to the language they signed up in.
  route(app, api.create, async (request) => {
    const user = userOf(request);
    const language = request.headers['accept-language'] ? requestLocale(request) : user.language;
    return createOrganization(app.db, mail(), user, request.body, language);
  });
  route(app, api.list, async (request) => {
    const ignoreFrozen = request.query.ignoreFrozen === 'true' || request.query.ignoreFrozen === '1';
    return organizationsService.listOrganizations(app.db, userOf(request), { ignoreFrozen });
  });
  route(app, api.get, async (request) => organizationsService.getOrganization(app.db, actorOf(request), userOf(request)));
  route(app, api.getDefault, async (request) => organizationsService.getDefaultOrganization(app.db, userOf(request)));
  route(app, api.update, async (request) => {
    await organizationsService.updateOrganization(app.db, actorOf(request), request.body);
    return null;
  });
  route(app, api.remove, async (request) => {
    await organizationsService.deleteOrganization(app.db, actorOf(request));
    return null;
  });
  route(app, api.rename, async (request) => {
    // The product's API sends orgId in the body too; it must name the workspace the query authorized.
    if (request.body.orgId !== request.query.orgId) throw fieldError('orgId', 'invalidValue');
    await organizationsService.renameOrganization(app.db, actorOf(request), request.body.workspaceName);
    return null;
  });
  route(app, api.setDefault, async (request) => {
    await organizationsService.setDefaultOrganization(app.db, actorOf(request));
    return null;
  });
};
