import { salesItemsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as salesItemsService from './sales-items.service.ts';

/** The same four calls for products and costs, differing in their schemas and answer shape. */
const kinds = [
  {
    kind: 'product' as const,
    endpoints: { list: api.listProducts, create: api.createProduct, update: api.updateProduct, remove: api.removeProduct },
    list: salesItemsService.listProducts,
    answer: salesItemsService.toProduct,
  },
  {
    kind: 'cost' as const,
    endpoints: { list: api.listCosts, create: api.createCost, update: api.updateCost, remove: api.removeCost },
    list: salesItemsService.listCosts,
    answer: salesItemsService.toCost,
  },
];

export const salesItemsRoutes: FastifyPluginAsync = async (app) => {
  for (const k of kinds) {
    route(app, k.endpoints.list, async (request) => ({ items: await k.list(app.db, actorOf(request).orgId) }));
    route(app, k.endpoints.create, async (request) => k.answer(await salesItemsService.createItem(app.db, actorOf(request), k.kind, request.body)));
    route(app, k.endpoints.update, async (request) =>
      k.answer(await salesItemsService.updateItem(app.db, actorOf(request), k.kind, request.params.id, request.body)),
    );
    route(app, k.endpoints.remove, async (request) => {
      await salesItemsService.deleteItem(app.db, actorOf(request), k.kind, request.params.id);
      return null;
    });
  }
};
