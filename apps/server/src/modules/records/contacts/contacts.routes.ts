import {
  contactListSchema,
  contactSchema,
  contactViewSchema,
  countSchema,
  createdIdSchema,
  idParamsSchema,
  idsBodySchema,
  multipartJsonFields,
  orgIdQuerySchema,
  recentContactsSchema,
  recordListQuerySchema,
  transferBodySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import { readForm } from '../../access/files/files.ts';
import * as contactsService from './contacts.service.ts';

const tags = ['contacts'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/page/customer/listV2',
    { ...guarded, schema: { tags, security, querystring: recordListQuerySchema, response: { 200: envelope(contactListSchema) } } },
    async (request) => ok(await contactsService.listContacts(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/page/customer/view/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(contactViewSchema) } } },
    async (request) => ok(await contactsService.viewContact(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/customerRecently/week',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(recentContactsSchema) } } },
    async (request) => ok(await contactsService.recentWeek(app.db, actorOf(request))),
  );

  // Multipart (or JSON): the body is validated by the service with contactSaveBodySchema.
  app.post(
    '/customer',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(createdIdSchema) } } },
    async (request) => {
      const form = await readForm(request, multipartJsonFields);
      return ok(await contactsService.saveContact(app.db, actorOf(request), form.body, { upload: form.upload, dataDir: app.config.dataDir }));
    },
  );

  app.post(
    '/customer/transfer',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: transferBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await contactsService.transferContacts(app.db, actorOf(request), request.body.ids, request.body.ownerUserId) }),
  );

  app.delete(
    '/customer/deleteMuti',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: idsBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await contactsService.deleteContacts(app.db, actorOf(request), request.body.ids) }),
  );

  app.get(
    '/customer/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(contactSchema) } } },
    async (request) => ok(await contactsService.getContact(app.db, actorOf(request), request.params.id)),
  );

  app.delete(
    '/customer/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await contactsService.deleteContacts(app.db, actorOf(request), [request.params.id]);
      return ok(null);
    },
  );
};
