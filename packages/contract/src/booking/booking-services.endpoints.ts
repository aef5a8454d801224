import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
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
  sortBodySchema,
} from './booking-services.ts';

const byId = { access: 'member', params: idParamsSchema } as const;

/** Settings of business/service: categories, services, add-on groups and items (writes: system administrators). */
export const bookingServicesEndpoints = endpoints('booking', {
  // ---- categories ----
  listCategories: { method: 'GET', path: '/booking/categories', access: 'member', response: z.array(bookingCategorySchema) },
  createCategory: { method: 'POST', path: '/booking/category', access: 'member', body: bookingCategoryBodySchema, response: bookingCategorySchema },
  updateCategory: { method: 'PUT', path: '/booking/category/:id', ...byId, body: bookingCategoryBodySchema, response: bookingCategorySchema },
  removeCategory: { method: 'DELETE', path: '/booking/category/:id', ...byId, response: z.null() },
  sortCategories: { method: 'POST', path: '/booking/categories/sort', access: 'member', body: sortBodySchema, response: z.null() },
  // ---- services ----
  listServices: { method: 'GET', path: '/booking/services', access: 'member', response: bookingServiceListSchema },
  createService: { method: 'POST', path: '/booking/service', access: 'member', body: bookingServiceBodySchema, response: bookingServiceSchema },
  updateService: { method: 'PUT', path: '/booking/service/:id', ...byId, body: bookingServiceBodySchema, response: bookingServiceSchema },
  removeService: { method: 'DELETE', path: '/booking/service/:id', ...byId, response: z.null() },
  sortServices: { method: 'POST', path: '/booking/services/sort', access: 'member', body: sortBodySchema, response: z.null() },
  // ---- additional groups ----
  listGroups: { method: 'GET', path: '/booking/groups', access: 'member', query: additionalGroupsQuerySchema, response: z.array(additionalGroupSchema) },
  groupsByService: {
    method: 'GET',
    path: '/booking/additional/groupByService',
    access: 'member',
    query: groupByServiceQuerySchema,
    response: z.array(additionalGroupSchema),
  },
  createGroup: { method: 'POST', path: '/booking/group', access: 'member', body: additionalGroupBodySchema, response: additionalGroupSchema },
  updateGroup: { method: 'PUT', path: '/booking/group/:id', ...byId, body: additionalGroupBodySchema, response: additionalGroupSchema },
  removeGroup: { method: 'DELETE', path: '/booking/group/:id', ...byId, response: z.null() },
  sortGroups: { method: 'POST', path: '/booking/groups/sort', access: 'member', body: sortBodySchema, response: z.null() },
  // ---- items ----
  createItem: { method: 'POST', path: '/booking/group/:id/item', ...byId, body: additionalItemBodySchema, response: additionalItemSchema },
  sortItems: { method: 'POST', path: '/booking/group/:id/items/sort', ...byId, body: sortBodySchema, response: z.null() },
  updateItem: { method: 'PUT', path: '/booking/item/:id', ...byId, body: additionalItemBodySchema, response: additionalItemSchema },
  removeItem: { method: 'DELETE', path: '/booking/item/:id', ...byId, response: z.null() },
}, { group: 'bookingServices' });
