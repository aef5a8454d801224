import { scheduleMultipartJsonFields, schedulesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { readForm } from '../../access/files/files.ts';
import * as schedulesService from './schedules.service.ts';

/**
 * The calendar feed answers thousands of events built by the service from typed rows: plain JSON.stringify instead of
 * re-validating every event with zod on the way out (that cost as much as expanding the month). The schema still
 * documents the answer in OpenAPI.
 */
const feed = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** The product's paths: /api/task… for one schedule, /api/schedule/… for the calendar (contract: schedules.endpoints.ts). */
export const schedulesRoutes: FastifyPluginAsync = async (app) => {
  // Multipart (or JSON): validated by the service with scheduleCreateBodySchema / scheduleUpdateBodySchema.
  route(app, api.create, async (request) => {
    const form = await readForm(request, scheduleMultipartJsonFields);
    return schedulesService.createSchedule(app.db, actorOf(request), form.body, { uploads: form.uploads, dataDir: app.config.dataDir });
  });
  route(app, api.update, async (request) => {
    const form = await readForm(request, scheduleMultipartJsonFields);
    return schedulesService.updateSchedule(app.db, actorOf(request), request.params.id, form.body, { uploads: form.uploads, dataDir: app.config.dataDir });
  });
  route(app, api.get, async (request) => schedulesService.getSchedule(app.db, actorOf(request), request.params.id, request.query.occurrenceDate));
  route(app, api.remove, async (request) => {
    await schedulesService.deleteSchedule(app.db, actorOf(request), request.params.id, request.query);
    return null;
  });
  route(app, api.complete, async (request) => schedulesService.completeSchedule(app.db, actorOf(request), request.params.id, request.body ?? {}));

  route(
    app,
    api.month,
    async (request) => {
      const { year, month, userIds, filter } = request.query;
      return schedulesService.calendarEvents(app.db, actorOf(request), { ...schedulesService.monthRange(year, month), userIds, filter });
    },
    feed,
  );
  route(
    app,
    api.between,
    async (request) => {
      const { start, end, userIds, filter } = request.query;
      return schedulesService.calendarEvents(app.db, actorOf(request), { from: start, to: end, userIds, filter });
    },
    feed,
  );
  route(
    app,
    api.date,
    async (request) => {
      const { date, userIds, filter } = request.query;
      return schedulesService.calendarEvents(app.db, actorOf(request), { from: date, to: date, userIds, filter });
    },
    feed,
  );

  route(app, api.search, async (request) => schedulesService.searchTasks(app.db, actorOf(request), request.query.title, request.query.limit));
  route(app, api.reminders, async (request) => schedulesService.dueReminders(app.db, actorOf(request), requestLocale(request)));
  route(app, api.viewer, async (request) => schedulesService.viewer(app.db, actorOf(request)));
  route(app, api.savePickedUsers, async (request) => schedulesService.savePickedUsers(app.db, actorOf(request), request.body.userIds));
  route(app, api.changeDate, async (request) => schedulesService.changeScheduleDate(app.db, actorOf(request), request.body));
};
