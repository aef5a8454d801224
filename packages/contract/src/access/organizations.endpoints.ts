import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  organizationCreateBodySchema,
  organizationCreatedSchema,
  organizationListQuerySchema,
  organizationSchema,
  organizationUpdateBodySchema,
  workspaceRenameBodySchema,
} from './organizations.ts';

/** Workspaces (the API calls them organizations; docs/product.md#api). */
export const organizationsEndpoints = endpoints('organizations', {
  create: { method: 'POST', path: '/organizations/create', access: 'user', body: organizationCreateBodySchema, response: organizationCreatedSchema },
  list: { method: 'GET', path: '/organizations/list', access: 'user', query: organizationListQuerySchema, response: z.array(organizationSchema) },
  get: { method: 'GET', path: '/organizations/get', access: 'member', response: organizationSchema },
  getDefault: { method: 'GET', path: '/organizations/getDefault', access: 'user', response: organizationSchema.nullable() },
  update: { method: 'PUT', path: '/organizations/update', access: 'member', body: organizationUpdateBodySchema, response: z.null() },
  remove: { method: 'DELETE', path: '/organizations/delete', access: 'member', response: z.null() },
  rename: { method: 'POST', path: '/organizations/changeName', access: 'member', body: workspaceRenameBodySchema, response: z.null() },
  setDefault: { method: 'POST', path: '/organizations/setDefault', access: 'member', response: z.null() },
});
