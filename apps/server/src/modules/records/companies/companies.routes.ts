import {
  associateContactsBodySchema,
  companyDuplicateQuerySchema,
  companyDuplicateSchema,
  companyListSchema,
  companySchema,
  companyViewSchema,
  countSchema,
  createdIdSchema,
  idParamsSchema,
  idsBodySchema,
  multipartJsonFields,
  orgIdQuerySchema,
  recordListQuerySchema,
  transferBodySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import { readForm } from '../../access/files/files.ts';
import * as companiesService from './companies.service.ts';

const tags = ['companies'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/page/company/listV2',
    { ...guarded, schema: { tags, security, querystring: recordListQuerySchema, response: { 200: envelope(companyListSchema) } } },
    async (request) => ok(await companiesService.listCompanies(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/page/company/view/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(companyViewSchema) } } },
    async (request) => ok(await companiesService.viewCompany(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/company-check-duplicate',
    { ...guarded, schema: { tags, security, querystring: companyDuplicateQuerySchema, response: { 200: envelope(companyDuplicateSchema) } } },
    async (request) => ok(await companiesService.checkDuplicate(app.db, actorOf(request), request.query)),
  );

  app.post(
    '/company',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(createdIdSchema) } } },
    async (request) => {
      const form = await readForm(request, multipartJsonFields);
      return ok(await companiesService.saveCompany(app.db, actorOf(request), form.body));
    },
  );

  app.post(
    '/company/transfer',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: transferBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await companiesService.transferCompanies(app.db, actorOf(request), request.body.ids, request.body.ownerUserId) }),
  );

  app.post(
    '/associate/create/contactAndCompanyMulti',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: associateContactsBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) =>
      ok({ count: await companiesService.associateContacts(app.db, actorOf(request), request.body.companyId, request.body.contactIds) }),
  );

  app.delete(
    '/company/deleteMuti',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: idsBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await companiesService.deleteCompanies(app.db, actorOf(request), request.body.ids) }),
  );

  app.get(
    '/company/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(companySchema) } } },
    async (request) => ok(await companiesService.getCompany(app.db, actorOf(request), request.params.id)),
  );

  app.delete(
    '/company/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await companiesService.deleteCompanies(app.db, actorOf(request), [request.params.id]);
      return ok(null);
    },
  );
};
