import { salesItemsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as salesItemsService from './sales-items.service.ts';

/** The same four calls for products and costs, differing in their schemas and answer shape. */
export const salesItemsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.listProducts, async (request) => ({ items: await salesItemsService.listProducts(app.db, actorOf(request).orgId) }));
  route(app, api.createProduct, async (request) =>
    salesItemsService.toProduct(await salesItemsService.createItem(app.db, actorOf(request), 'product', request.body)),
  );
  route(app, api.updateProduct, async (request) =>
    salesItemsService.toProduct(await salesItemsService.updateItem(app.db, actorOf(request), 'product', request.params.id, request.body)),
  );
  route(app, api.removeProduct, async (request) => {
    await salesItemsService.deleteItem(app.db, actorOf(request), 'product', request.params.id);
    return null;
  });

  route(app, api.listCosts, async (request) => ({ items: await salesItemsService.listCosts(app.db, actorOf(request).orgId) }));
  route(app, api.createCost, async (request) =>
    salesItemsService.toCost(await salesItemsService.createItem(app.db, actorOf(request), 'cost', request.body)),
  );
  route(app, api.updateCost, async (request) =>
    salesItemsService.toCost(await salesItemsService.updateItem(app.db, actorOf(request), 'cost', request.params.id, request.body)),
  );
  route(app, api.removeCost, async (request) => {
    await salesItemsService.deleteItem(app.db, actorOf(request), 'cost', request.params.id);
    return null;
  });
};
