import {
  departmentAssignBodySchema,
  departmentCreateBodySchema,
  departmentDeleteQuerySchema,
  departmentEditBodySchema,
  departmentListSchema,
  departmentSchema,
  orgIdQuerySchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, dropCachedActorsAfterWrites, requireMember, requireUser } from '../auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as departmentsService from './departments.service.ts';

const tags = ['departments'];
const security = [{ bearerAuth: [] }];
const done = envelope(z.null());
const member = { onRequest: requireUser, preHandler: requireMember };

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  dropCachedActorsAfterWrites(app);
  app.get(
    '/settings/department/list',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema,
        description: 'Any member. Flat list ordered by name; the tree is built from parentId.',
        response: { 200: envelope(departmentListSchema) },
      },
    },
    async (request) => ok(await departmentsService.listDepartments(app.db, actorOf(request))),
  );

  app.post(
    '/settings/department/create',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: departmentCreateBodySchema,
        description: 'System administrators. The supervisor must be an activated member (400 supervisorUserId).',
        response: { 200: envelope(departmentSchema) },
      },
    },
    async (request) => ok(await departmentsService.createDepartmentFor(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/settings/department/edit',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: departmentEditBodySchema,
        description: 'System administrators. A parent that is the department itself or below it → 409 DEPARTMENT_CYCLE.',
        response: { 200: envelope(departmentSchema) },
      },
    },
    async (request) => ok(await departmentsService.editDepartment(app.db, actorOf(request), request.body)),
  );

  app.delete(
    '/settings/department/delete',
    {
      ...member,
      schema: {
        tags, security, querystring: departmentDeleteQuerySchema,
        description:
          'System administrators. Refused with 409 DEPARTMENT_NOT_EMPTY while it has sub-departments or members: move them first (no silent reassignment, since that changes who sees whose records).',
        response: { 200: done },
      },
    },
    async (request) => {
      await departmentsService.deleteDepartment(app.db, actorOf(request), request.query.id);
      return ok(null);
    },
  );

  app.put(
    '/settings/department/assign',
    {
      ...member,
      schema: {
        tags, security, querystring: orgIdQuerySchema, body: departmentAssignBodySchema,
        description: 'System administrators. Moves members (memberIds) into a department, or out of any with null. Any unknown member → 404, nothing changed.',
        response: { 200: done },
      },
    },
    async (request) => {
      await departmentsService.assignMembers(app.db, actorOf(request), request.body);
      return ok(null);
    },
  );
};
