import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { roleCreateBodySchema, roleDeleteQuerySchema, roleEditBodySchema, roleSchema } from './roles.ts';

const adminsOnly = 'System administrators only (403 otherwise).';

/** Settings → roles (docs/product.md#team-and-access). */
export const rolesEndpoints = endpoints('roles', {
  list: {
    method: 'GET', path: '/settings/role/list', access: 'member', response: z.array(roleSchema),
    description: `${adminsOnly} The built-in roles (administrator, member) then the custom ones by name, each with its holders.`,
  },
  create: {
    method: 'POST', path: '/settings/role/create', access: 'member', body: roleCreateBodySchema, response: roleSchema,
    description: `${adminsOnly} 409 ROLE_NAME_TAKEN when the workspace has a role of that name.`,
  },
  rename: {
    method: 'PUT', path: '/settings/role/edit', access: 'member', body: roleEditBodySchema, response: roleSchema,
    description: `${adminsOnly} Custom roles only (404 ROLE_NOT_FOUND otherwise); 409 ROLE_NAME_TAKEN.`,
  },
  remove: {
    method: 'DELETE', path: '/settings/role/delete', access: 'member', query: roleDeleteQuerySchema, response: z.null(),
    description: `${adminsOnly} Only while nobody holds it (409 ROLE_IN_USE).`,
  },
});
