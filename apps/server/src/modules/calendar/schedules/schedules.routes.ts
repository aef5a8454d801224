import {
  calendarBetweenQuerySchema,
  calendarDateQuerySchema,
  calendarEventListSchema,
  calendarEventSchema,
  calendarMonthQuerySchema,
  changeScheduleDateBodySchema,
  idParamsSchema,
  orgIdQuerySchema,
  reminderListSchema,
  scheduleCompleteBodySchema,
  scheduleDeleteQuerySchema,
  scheduleGetQuerySchema,
  scheduleIdSchema,
  scheduleMultipartJsonFields,
  schedulePickUsersBodySchema,
  scheduleSchema,
  scheduleSearchQuerySchema,
  scheduleSearchSchema,
  scheduleViewerSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import { readForm } from '../../access/files/files.ts';
import { requestLocale } from '../../../platform/i18n.ts';
import * as schedulesService from './schedules.service.ts';

const tags = ['schedules'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };
/**
 * The calendar feed answers thousands of events built by the service from typed rows: plain JSON.stringify instead of
 * re-validating every event with zod on the way out (that cost as much as expanding the month). The schema still
 * documents the answer in OpenAPI.
 */
const feed = { ...guarded, serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** The product's paths: /api/task… for one schedule, /api/schedule/… for the calendar (contract: schedules.ts). */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart (or JSON): validated by the service with scheduleCreateBodySchema / scheduleUpdateBodySchema.
  app.post(
    '/task',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(scheduleIdSchema) } } },
    async (request) => {
      const form = await readForm(request, scheduleMultipartJsonFields);
      return ok(await schedulesService.createSchedule(app.db, actorOf(request), form.body, { uploads: form.uploads, dataDir: app.config.dataDir }));
    },
  );

  app.post(
    '/task/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(scheduleIdSchema) } } },
    async (request) => {
      const form = await readForm(request, scheduleMultipartJsonFields);
      return ok(await schedulesService.updateSchedule(app.db, actorOf(request), request.params.id, form.body, { uploads: form.uploads, dataDir: app.config.dataDir }));
    },
  );

  app.get(
    '/task/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: scheduleGetQuerySchema, response: { 200: envelope(scheduleSchema) } } },
    async (request) => ok(await schedulesService.getSchedule(app.db, actorOf(request), request.params.id, request.query.occurrenceDate)),
  );

  app.delete(
    '/task/:id/delete',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: scheduleDeleteQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await schedulesService.deleteSchedule(app.db, actorOf(request), request.params.id, request.query);
      return ok(null);
    },
  );

  app.put(
    '/task/:id/complete',
    {
      ...guarded,
      schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: scheduleCompleteBodySchema, response: { 200: envelope(calendarEventSchema) } },
    },
    async (request) => ok(await schedulesService.completeSchedule(app.db, actorOf(request), request.params.id, request.body ?? {})),
  );

  app.get(
    '/schedule/getMonth',
    { ...feed, schema: { tags, security, querystring: calendarMonthQuerySchema, response: { 200: envelope(calendarEventListSchema) } } },
    async (request) => {
      const { year, month, userIds, filter } = request.query;
      return ok(await schedulesService.calendarEvents(app.db, actorOf(request), { ...schedulesService.monthRange(year, month), userIds, filter }));
    },
  );

  app.get(
    '/schedule/getBetween',
    { ...feed, schema: { tags, security, querystring: calendarBetweenQuerySchema, response: { 200: envelope(calendarEventListSchema) } } },
    async (request) => {
      const { start, end, userIds, filter } = request.query;
      return ok(await schedulesService.calendarEvents(app.db, actorOf(request), { from: start, to: end, userIds, filter }));
    },
  );

  app.get(
    '/schedule/getDate',
    { ...feed, schema: { tags, security, querystring: calendarDateQuerySchema, response: { 200: envelope(calendarEventListSchema) } } },
    async (request) => {
      const { date, userIds, filter } = request.query;
      return ok(await schedulesService.calendarEvents(app.db, actorOf(request), { from: date, to: date, userIds, filter }));
    },
  );

  app.get(
    '/search/tasks',
    { ...guarded, schema: { tags, security, querystring: scheduleSearchQuerySchema, response: { 200: envelope(scheduleSearchSchema) } } },
    async (request) => ok(await schedulesService.searchTasks(app.db, actorOf(request), request.query.title, request.query.limit)),
  );

  app.get(
    '/schedule/reminder',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(reminderListSchema) } } },
    async (request) => ok(await schedulesService.dueReminders(app.db, actorOf(request), requestLocale(request))),
  );

  app.get(
    '/schedule/viewer',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(scheduleViewerSchema) } } },
    async (request) => ok(await schedulesService.viewer(app.db, actorOf(request))),
  );

  app.post(
    '/schedule/saveUserSchedulePickUser',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: schedulePickUsersBodySchema, response: { 200: envelope(scheduleViewerSchema) } } },
    async (request) => ok(await schedulesService.savePickedUsers(app.db, actorOf(request), request.body.userIds)),
  );

  app.post(
    '/schedule/changeScheduleDate',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: changeScheduleDateBodySchema, response: { 200: envelope(calendarEventSchema) } } },
    async (request) => ok(await schedulesService.changeScheduleDate(app.db, actorOf(request), request.body)),
  );
};
