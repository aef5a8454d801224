import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  customFieldEntityParamsSchema,
  customFieldParamsSchema,
  customFieldSaveBodySchema,
  customFieldSchema,
  customFieldSortBodySchema,
} from './custom-fields.ts';

/** /api/field/{entity}: the custom fields of contacts, companies or deals (docs/product.md#fields). */
export const customFieldsEndpoints = endpoints('custom-fields', {
  list: { method: 'GET', path: '/field/:entity', access: 'member', params: customFieldEntityParamsSchema, response: z.array(customFieldSchema) },
  create: { method: 'POST', path: '/field/:entity', access: 'member', params: customFieldEntityParamsSchema, body: customFieldSaveBodySchema, response: customFieldSchema },
  sort: { method: 'POST', path: '/field/:entity/sort', access: 'member', params: customFieldEntityParamsSchema, body: customFieldSortBodySchema, response: z.array(customFieldSchema) },
  update: { method: 'PUT', path: '/field/:entity/:id', access: 'member', params: customFieldParamsSchema, body: customFieldSaveBodySchema, response: customFieldSchema },
  remove: { method: 'DELETE', path: '/field/:entity/:id', access: 'member', params: customFieldParamsSchema, response: z.null() },
});
