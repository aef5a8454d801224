import {
  countSchema,
  orgIdQuerySchema,
  tagApplyBodySchema,
  tagCreateBodySchema,
  tagKindParamsSchema,
  tagParamsSchema,
  tagSchema,
  tagSettingByTreeBodySchema,
  tagSettingShowBodySchema,
  tagSingleUpdateBodySchema,
  tagTypeCreateBodySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as tagsService from './tags.service.ts';

const tags = ['tags'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };
const tree = envelope(z.array(tagSchema));

/** /api/tags/customer/… for contacts and /api/tags/company/… for companies (spec section 7). */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tags/:kind/toTree',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, response: { 200: tree } } },
    async (request) => ok(await tagsService.tagTreeWithCounts(app.db, actorOf(request), request.params.kind)),
  );

  app.post(
    '/tags/:kind',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, body: tagCreateBodySchema, response: { 200: envelope(tagSchema) } } },
    async (request) => ok(await tagsService.createTag(app.db, actorOf(request), request.params.kind, request.body)),
  );

  app.post(
    '/tags/:kind/type',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, body: tagTypeCreateBodySchema, response: { 200: envelope(tagSchema) } } },
    async (request) => ok(await tagsService.createTagType(app.db, actorOf(request), request.params.kind, request.body.name)),
  );

  app.post(
    '/tags/:kind/settingByTree',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, body: tagSettingByTreeBodySchema, response: { 200: tree } } },
    async (request) => ok(await tagsService.saveTreeAndAnswer(app.db, actorOf(request), request.params.kind, request.body.tree)),
  );

  app.post(
    '/tags/:kind/settingShow',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, body: tagSettingShowBodySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await tagsService.setShow(app.db, actorOf(request), request.params.kind, request.body.id, request.body.isShow);
      return ok(null);
    },
  );

  app.post(
    '/tags/:kind/apply',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, body: tagApplyBodySchema, response: { 200: envelope(countSchema) } } },
    async (request) => ok({ count: await tagsService.applyTags(app.db, actorOf(request), request.params.kind, request.body) }),
  );

  app.post(
    '/tags/:kind/singleUpdate',
    { ...guarded, schema: { tags, security, params: tagKindParamsSchema, querystring: orgIdQuerySchema, body: tagSingleUpdateBodySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await tagsService.setRecordTags(app.db, actorOf(request), request.params.kind, request.body.id, request.body.tagIds);
      return ok(null);
    },
  );

  app.delete(
    '/tags/:kind/:id',
    { ...guarded, schema: { tags, security, params: tagParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await tagsService.deleteTagEverywhere(app.db, actorOf(request), request.params.kind, request.params.id);
      return ok(null);
    },
  );
};
