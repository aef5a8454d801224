import {
  additionalGroupBodySchema,
  additionalGroupSchema,
  additionalGroupsQuerySchema,
  additionalItemBodySchema,
  additionalItemSchema,
  bookingCategoryBodySchema,
  bookingCategorySchema,
  bookingServiceBodySchema,
  bookingServiceListSchema,
  bookingServiceSchema,
  groupByServiceQuerySchema,
  idParamsSchema,
  orgIdQuerySchema,
  sortBodySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as bookingServicesService from './booking-services.service.ts';

const tags = ['booking'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };
const done = envelope(z.null());

/** Settings of business/service: categories, services, add-on groups and items (writes: system administrators). */
export const bookingServicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- categories ----
  app.get(
    '/booking/categories',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(z.array(bookingCategorySchema)) } } },
    async (request) => ok(await bookingServicesService.listCategories(app.db, actorOf(request))),
  );
  app.post(
    '/booking/category',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: bookingCategoryBodySchema, response: { 200: envelope(bookingCategorySchema) } } },
    async (request) => ok(await bookingServicesService.createCategory(app.db, actorOf(request), request.body.title)),
  );
  app.put(
    '/booking/category/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: bookingCategoryBodySchema, response: { 200: envelope(bookingCategorySchema) } } },
    async (request) => ok(await bookingServicesService.updateCategory(app.db, actorOf(request), request.params.id, request.body.title)),
  );
  app.delete(
    '/booking/category/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.deleteCategory(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
  app.post(
    '/booking/categories/sort',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: sortBodySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.sortCategories(app.db, actorOf(request), request.body.ids);
      return ok(null);
    },
  );

  // ---- services ----
  app.get(
    '/booking/services',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(bookingServiceListSchema) } } },
    async (request) => ok(await bookingServicesService.listServices(app.db, actorOf(request))),
  );
  app.post(
    '/booking/service',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: bookingServiceBodySchema, response: { 200: envelope(bookingServiceSchema) } } },
    async (request) => ok(await bookingServicesService.createService(app.db, actorOf(request), request.body)),
  );
  app.put(
    '/booking/service/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: bookingServiceBodySchema, response: { 200: envelope(bookingServiceSchema) } } },
    async (request) => ok(await bookingServicesService.updateService(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/booking/service/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.deleteService(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
  app.post(
    '/booking/services/sort',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: sortBodySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.sortServices(app.db, actorOf(request), request.body.ids);
      return ok(null);
    },
  );

  // ---- additional groups ----
  app.get(
    '/booking/groups',
    { ...guarded, schema: { tags, security, querystring: additionalGroupsQuerySchema, response: { 200: envelope(z.array(additionalGroupSchema)) } } },
    async (request) => ok(await bookingServicesService.listGroups(app.db, actorOf(request), request.query.serviceId)),
  );
  app.get(
    '/booking/additional/groupByService',
    { ...guarded, schema: { tags, security, querystring: groupByServiceQuerySchema, response: { 200: envelope(z.array(additionalGroupSchema)) } } },
    async (request) => ok(await bookingServicesService.listGroups(app.db, actorOf(request), request.query.serviceId)),
  );
  app.post(
    '/booking/group',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: additionalGroupBodySchema, response: { 200: envelope(additionalGroupSchema) } } },
    async (request) => ok(await bookingServicesService.createGroup(app.db, actorOf(request), request.body)),
  );
  app.put(
    '/booking/group/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: additionalGroupBodySchema, response: { 200: envelope(additionalGroupSchema) } } },
    async (request) => ok(await bookingServicesService.updateGroup(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/booking/group/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.deleteGroup(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
  app.post(
    '/booking/groups/sort',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: sortBodySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.sortGroups(app.db, actorOf(request), request.body.ids);
      return ok(null);
    },
  );

  // ---- items ----
  app.post(
    '/booking/group/:id/item',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: additionalItemBodySchema, response: { 200: envelope(additionalItemSchema) } } },
    async (request) => ok(await bookingServicesService.createItem(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/booking/group/:id/items/sort',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: sortBodySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.sortItems(app.db, actorOf(request), request.params.id, request.body.ids);
      return ok(null);
    },
  );
  app.put(
    '/booking/item/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: additionalItemBodySchema, response: { 200: envelope(additionalItemSchema) } } },
    async (request) => ok(await bookingServicesService.updateItem(app.db, actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/booking/item/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: done } } },
    async (request) => {
      await bookingServicesService.deleteItem(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
};
