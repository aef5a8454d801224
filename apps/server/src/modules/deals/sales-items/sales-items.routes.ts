import {
  costListSchema,
  costSaveBodySchema,
  costSchema,
  idParamsSchema,
  orgIdQuerySchema,
  productListSchema,
  productSaveBodySchema,
  productSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as salesItemsService from './sales-items.service.ts';

const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

/** The same four calls for products and costs, differing in their schemas and answer shape. */
const kinds = [
  { kind: 'product' as const, path: '/settings/product', body: productSaveBodySchema, item: productSchema, list: productListSchema, answer: salesItemsService.toProduct },
  { kind: 'cost' as const, path: '/settings/cost', body: costSaveBodySchema, item: costSchema, list: costListSchema, answer: salesItemsService.toCost },
];

export const salesItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const k of kinds) {
    const tags = [`${k.kind}s`];
    app.get(
      k.path,
      { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(k.list) } } },
      async (request) => {
        const orgId = actorOf(request).orgId;
        return ok({ items: k.kind === 'product' ? await salesItemsService.listProducts(app.db, orgId) : await salesItemsService.listCosts(app.db, orgId) });
      },
    );
    app.post(
      k.path,
      { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: k.body, response: { 200: envelope(k.item) } } },
      async (request) => ok(k.answer(await salesItemsService.createItem(app.db, actorOf(request), k.kind, request.body))),
    );
    app.put(
      `${k.path}/:id`,
      { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: k.body, response: { 200: envelope(k.item) } } },
      async (request) => ok(k.answer(await salesItemsService.updateItem(app.db, actorOf(request), k.kind, request.params.id, request.body))),
    );
    app.delete(
      `${k.path}/:id`,
      { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
      async (request) => {
        await salesItemsService.deleteItem(app.db, actorOf(request), k.kind, request.params.id);
        return ok(null);
      },
    );
  }
};
