import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  departmentAssignBodySchema,
  departmentCreateBodySchema,
  departmentDeleteQuerySchema,
  departmentEditBodySchema,
  departmentListSchema,
  departmentSchema,
} from './departments.ts';

/** A workspace's departments (settings/department). */
export const departmentsEndpoints = endpoints('departments', {
  list: {
    method: 'GET', path: '/settings/department/list', access: 'member', response: departmentListSchema,
    description: 'Any member. Flat list ordered by name; the tree is built from parentId.',
  },
  create: {
    method: 'POST', path: '/settings/department/create', access: 'member', body: departmentCreateBodySchema, response: departmentSchema,
    description: 'System administrators. The supervisor must be an activated member (400 supervisorUserId).',
  },
  edit: {
    method: 'PUT', path: '/settings/department/edit', access: 'member', body: departmentEditBodySchema, response: departmentSchema,
    description: 'System administrators. A parent that is the department itself or below it → 409 DEPARTMENT_CYCLE.',
  },
  remove: {
    method: 'DELETE', path: '/settings/department/delete', access: 'member', query: departmentDeleteQuerySchema, response: z.null(),
    description:
      'System administrators. Refused with 409 DEPARTMENT_NOT_EMPTY while it has sub-departments or members: move them first (no silent reassignment, since that changes who sees whose records).',
  },
  assign: {
    method: 'PUT', path: '/settings/department/assign', access: 'member', body: departmentAssignBodySchema, response: z.null(),
    description: 'System administrators. Moves members (memberIds) into a department, or out of any with null. Any unknown member → 404, nothing changed.',
  },
});
