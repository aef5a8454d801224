import {
  activityItemListSchema,
  activityItemSaveBodySchema,
  activityItemSchema,
  activityItemUpdateBodySchema,
  activityProfileListSchema,
  activityProfileSaveBodySchema,
  activityProfileSchema,
  activityProfileUpdateBodySchema,
  idParamsSchema,
  orgIdQuerySchema,
  userActivitySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as activityItemsService from './activity-items.service.ts';

const tags = ['activity items'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };
const byId = { params: idParamsSchema, querystring: orgIdQuerySchema };

export const activityItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/activityItem',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(activityItemListSchema) } } },
    async (request) => ok(await activityItemsService.listItems(app.db, actorOf(request))),
  );
  app.post(
    '/settings/activityItem',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: activityItemSaveBodySchema, response: { 200: envelope(activityItemSchema) } } },
    async (request) => ok(await activityItemsService.createItem(app.db, actorOf(request), request.body)),
  );
  app.get(
    '/settings/activityItem/:id',
    { ...guarded, schema: { tags, security, ...byId, response: { 200: envelope(activityItemSchema) } } },
    async (request) => ok(await activityItemsService.getItem(app.db, actorOf(request), request.params.id)),
  );
  app.put(
    '/settings/activityItem/:id',
    { ...guarded, schema: { tags, security, ...byId, body: activityItemUpdateBodySchema, response: { 200: envelope(activityItemSchema) } } },
    async (request) => ok(await activityItemsService.updateItem(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/settings/activityItem/:id',
    { ...guarded, schema: { tags, security, ...byId, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await activityItemsService.deleteItem(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/settings/activity',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(activityProfileListSchema) } } },
    async (request) => ok(await activityItemsService.listProfiles(app.db, actorOf(request))),
  );
  app.post(
    '/settings/activity',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: activityProfileSaveBodySchema, response: { 200: envelope(activityProfileSchema) } } },
    async (request) => ok(await activityItemsService.createProfile(app.db, actorOf(request), request.body)),
  );
  app.get(
    '/settings/activity/:id',
    { ...guarded, schema: { tags, security, ...byId, response: { 200: envelope(activityProfileSchema) } } },
    async (request) => ok(await activityItemsService.getProfile(app.db, actorOf(request), request.params.id)),
  );
  app.put(
    '/settings/activity/:id',
    { ...guarded, schema: { tags, security, ...byId, body: activityProfileUpdateBodySchema, response: { 200: envelope(activityProfileSchema) } } },
    async (request) => ok(await activityItemsService.updateProfile(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/settings/activity/:id',
    { ...guarded, schema: { tags, security, ...byId, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await activityItemsService.deleteProfile(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/userActivity',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(userActivitySchema) } } },
    async (request) => ok(await activityItemsService.userActivity(app.db, actorOf(request))),
  );
};
