import { scheduleMultipartJsonFields, schedulesEndpoints as api, type CalendarFilter } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cachedRead, envelopeEnds } from '../../../platform/read-cache.ts';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { actorCacheKey } from '../../access/privileges/access-core.ts';
import { readForm } from '../../access/files/files.ts';
import * as schedulesService from './schedules.service.ts';
import { feedBytes } from './schedules.feed-json.ts';


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

  /** The feed for local dates [from, to], reused until a write of the calendar's tables (platform/read-cache.ts). */
  const feed = (request: FastifyRequest, query: { from: string; to: string; userIds?: string[] | undefined; filter: CalendarFilter }) => {
    const actor = actorOf(request);
    const key = `calendar|${actorCacheKey(actor)}|${query.from}|${query.to}|${query.userIds?.join(',') ?? ''}|${query.filter}`;
    // Written event by event (schedules.feed-json.ts): a month is ≈ 500 KB.
    return cachedRead(app.db, { orgId: actor.orgId, areas: ['calendar'], key }, () => schedulesService.calendarEvents(app.db, actor, query), (feed) => ({ envelope: feedBytes(feed, envelopeEnds) }));
  };
  route(app, api.month, async (request) => {
    const { year, month, userIds, filter } = request.query;
    return feed(request, { ...schedulesService.monthRange(year, month), userIds, filter });
  });
  route(app, api.between, async (request) => {
    const { start, end, userIds, filter } = request.query;
    return feed(request, { from: start, to: end, userIds, filter });
  });
  route(app, api.date, async (request) => {
    const { date, userIds, filter } = request.query;
    return feed(request, { from: date, to: date, userIds, filter });
  });

  route(app, api.search, async (request) => schedulesService.searchTasks(app.db, actorOf(request), request.query.title, request.query.limit));
  route(app, api.reminders, async (request) => schedulesService.dueReminders(app.db, actorOf(request), requestLocale(request)));
  route(app, api.viewer, async (request) => schedulesService.viewer(app.db, actorOf(request)));
  route(app, api.savePickedUsers, async (request) => schedulesService.savePickedUsers(app.db, actorOf(request), request.body.userIds));
  route(app, api.changeDate, async (request) => schedulesService.changeScheduleDate(app.db, actorOf(request), request.body));
};
