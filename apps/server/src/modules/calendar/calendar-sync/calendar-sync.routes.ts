import { calendarSyncEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as calendarSyncService from './calendar-sync.service.ts';

/**
 * docs/product.md#api "Google and Outlook calendar account, calendars, synctype, cancel" under
 * /api/calendar/{google|outlook}/…, plus the OAuth hand-off and the private ICS feed.
 */
export const calendarSyncRoutes: FastifyPluginAsync = async (app) => {
  const deps = calendarSyncService.createSyncDeps(app.config);

  route(app, api.overview, async (request) => calendarSyncService.overview(app.db, deps, actorOf(request)));
  route(app, api.account, async (request) => calendarSyncService.getAccount(app.db, actorOf(request), request.params.provider));
  route(app, api.authorize, async (request) => calendarSyncService.authorizeUrl(deps, actorOf(request), request.params.provider));
  // The provider sends the browser here: no Bearer header, the signed state names the user.
  route(app, api.callback, async (request, reply) => {
    const target = await calendarSyncService.completeAuthorization(app.db, deps, request.log, request.params.provider, request.query);
    return reply.redirect(target, 303);
  });
  route(app, api.calendars, async (request) => calendarSyncService.listCalendars(app.db, deps, actorOf(request), request.params.provider));
  route(app, api.chooseCalendars, async (request) =>
    calendarSyncService.chooseCalendars(app.db, deps, actorOf(request), request.params.provider, request.body.calendarIds),
  );
  route(app, api.setSyncType, async (request) => calendarSyncService.setSyncType(app.db, actorOf(request), request.params.provider, request.body.syncType));
  route(app, api.syncNow, async (request) => calendarSyncService.syncNow(app.db, deps, request.log, actorOf(request), request.params.provider));
  route(app, api.cancel, async (request) => {
    await calendarSyncService.cancel(app.db, actorOf(request), request.params.provider);
    return null;
  });

  route(app, api.feed, async (request) => calendarSyncService.getFeed(app.db, deps, actorOf(request)));
  route(app, api.regenerateFeed, async (request) => calendarSyncService.regenerateFeed(app.db, deps, actorOf(request)));
  route(app, api.revokeFeed, async (request) => {
    await calendarSyncService.revokeFeed(app.db, actorOf(request));
    return null;
  });
  // Public: calendar apps subscribe with the secret URL alone.
  route(app, api.feedFile, async (request, reply) => {
    const body = await calendarSyncService.feedCalendar(app.db, request.params.file);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
  });
};
