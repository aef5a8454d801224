import {
  calendarAuthorizeSchema,
  calendarCallbackQuerySchema,
  calendarChoiceBodySchema,
  calendarFeedParamsSchema,
  calendarFeedSchema,
  calendarProviderParamsSchema,
  calendarSyncAccountSchema,
  calendarSyncOverviewSchema,
  calendarSyncTypeBodySchema,
  orgIdQuerySchema,
  providerCalendarSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as calendarSyncService from './calendar-sync.service.ts';

const tags = ['calendar-sync'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };
const providerSchema = { tags, security, params: calendarProviderParamsSchema, querystring: orgIdQuerySchema };

/**
 * docs/product.md#api "Google and Outlook calendar account, calendars, synctype, cancel" under
 * /api/calendar/{google|outlook}/…, plus the OAuth hand-off and the private ICS feed.
 */
export const calendarSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = calendarSyncService.createSyncDeps(app.config);

  app.get(
    '/calendar/sync',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(calendarSyncOverviewSchema) } } },
    async (request) => ok(await calendarSyncService.overview(app.db, deps, actorOf(request))),
  );

  app.get(
    '/calendar/:provider/account',
    { ...guarded, schema: { ...providerSchema, response: { 200: envelope(calendarSyncAccountSchema) } } },
    async (request) => ok(await calendarSyncService.getAccount(app.db, actorOf(request), request.params.provider)),
  );

  app.get(
    '/calendar/:provider/authorize',
    { ...guarded, schema: { ...providerSchema, response: { 200: envelope(calendarAuthorizeSchema) } } },
    async (request) => ok(calendarSyncService.authorizeUrl(deps, actorOf(request), request.params.provider)),
  );

  // The provider sends the browser here: no Bearer header, the signed state names the user.
  app.get(
    '/calendar/:provider/callback',
    { schema: { tags, params: calendarProviderParamsSchema, querystring: calendarCallbackQuerySchema } },
    async (request, reply) => {
      const target = await calendarSyncService.completeAuthorization(app.db, deps, request.log, request.params.provider, request.query);
      return reply.redirect(target, 303);
    },
  );

  app.get(
    '/calendar/:provider/calendars',
    { ...guarded, schema: { ...providerSchema, response: { 200: envelope(z.array(providerCalendarSchema)) } } },
    async (request) => ok(await calendarSyncService.listCalendars(app.db, deps, actorOf(request), request.params.provider)),
  );

  app.put(
    '/calendar/:provider/calendars',
    { ...guarded, schema: { ...providerSchema, body: calendarChoiceBodySchema, response: { 200: envelope(calendarSyncAccountSchema) } } },
    async (request) => ok(await calendarSyncService.chooseCalendars(app.db, deps, actorOf(request), request.params.provider, request.body.calendarIds)),
  );

  app.put(
    '/calendar/:provider/synctype',
    { ...guarded, schema: { ...providerSchema, body: calendarSyncTypeBodySchema, response: { 200: envelope(calendarSyncAccountSchema) } } },
    async (request) => ok(await calendarSyncService.setSyncType(app.db, actorOf(request), request.params.provider, request.body.syncType)),
  );

  app.post(
    '/calendar/:provider/sync',
    { ...guarded, schema: { ...providerSchema, response: { 200: envelope(calendarSyncAccountSchema) } } },
    async (request) => ok(await calendarSyncService.syncNow(app.db, deps, request.log, actorOf(request), request.params.provider)),
  );

  app.delete(
    '/calendar/:provider/cancel',
    { ...guarded, schema: { ...providerSchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await calendarSyncService.cancel(app.db, actorOf(request), request.params.provider);
      return ok(null);
    },
  );

  app.get(
    '/calendar-feed',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(calendarFeedSchema) } } },
    async (request) => ok(await calendarSyncService.getFeed(app.db, deps, actorOf(request))),
  );

  app.post(
    '/calendar-feed',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(calendarFeedSchema) } } },
    async (request) => ok(await calendarSyncService.regenerateFeed(app.db, deps, actorOf(request))),
  );

  app.delete(
    '/calendar-feed',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await calendarSyncService.revokeFeed(app.db, actorOf(request));
      return ok(null);
    },
  );

  // Public: calendar apps subscribe with the secret URL alone.
  app.get('/calendar-feed/:file', { schema: { tags, params: calendarFeedParamsSchema } }, async (request, reply) => {
    const body = await calendarSyncService.feedCalendar(app.db, request.params.file);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
  });
};
