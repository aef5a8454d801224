import { carddavEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as carddavService from './carddav.service.ts';

export { carddavProtocolRoutes } from './carddav.dav.ts';

/** The member's app passwords for the CardDAV address book (the book itself: carddav.dav.ts). */
export const carddavRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => carddavService.listAppPasswords(app.db, actorOf(request), app.config.publicUrl));
  route(app, api.create, async (request) => carddavService.createAppPassword(app.db, actorOf(request), request.body, app.config.publicUrl));
  route(app, api.revoke, async (request) => {
    await carddavService.revokeAppPassword(app.db, actorOf(request), request.params.id);
    return null;
  });
};
