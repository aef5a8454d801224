import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import { costListSchema, costSaveBodySchema, costSchema, productListSchema, productSaveBodySchema, productSchema } from './sales-items.ts';

/**
 * Sales items: what a deal sells (products) and what it costs (costs), one settings list each with the
 * same four calls (docs/product.md#fields, #limits). Two OpenAPI tags, as the API has always grouped them.
 * Free plan: 5 products, else 403 PLAN_LIMIT_REACHED; costs are not limited by count.
 */
export const salesItemsEndpoints = {
  ...endpoints('products', {
    listProducts: { method: 'GET', path: '/settings/product', access: 'member', response: productListSchema },
    createProduct: { method: 'POST', path: '/settings/product', access: 'member', body: productSaveBodySchema, response: productSchema },
    updateProduct: { method: 'PUT', path: '/settings/product/:id', access: 'member', params: idParamsSchema, body: productSaveBodySchema, response: productSchema },
    removeProduct: { method: 'DELETE', path: '/settings/product/:id', access: 'member', params: idParamsSchema, response: z.null() },
  }),
  ...endpoints('costs', {
    listCosts: { method: 'GET', path: '/settings/cost', access: 'member', response: costListSchema },
    createCost: { method: 'POST', path: '/settings/cost', access: 'member', body: costSaveBodySchema, response: costSchema },
    updateCost: { method: 'PUT', path: '/settings/cost/:id', access: 'member', params: idParamsSchema, body: costSaveBodySchema, response: costSchema },
    removeCost: { method: 'DELETE', path: '/settings/cost/:id', access: 'member', params: idParamsSchema, response: z.null() },
  }),
};
