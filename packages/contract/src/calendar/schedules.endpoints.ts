import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import {
  calendarBetweenQuerySchema,
  calendarDateQuerySchema,
  calendarEventListSchema,
  calendarEventSchema,
  calendarMonthQuerySchema,
  reminderListSchema,
  schedulePickUsersBodySchema,
  scheduleSchema,
  scheduleSearchQuerySchema,
  scheduleSearchSchema,
  scheduleViewerSchema,
} from './schedules.answers.ts';
import {
  changeScheduleDateBodySchema,
  scheduleCompleteBodySchema,
  scheduleCreateBodySchema,
  scheduleDeleteQuerySchema,
  scheduleGetQuerySchema,
  scheduleIdSchema,
  scheduleUpdateBodySchema,
} from './schedules.bodies.ts';

/**
 * The product's paths (docs/product.md#api): /api/task… for one schedule, /api/schedule/… for the calendar.
 * The calendar privilege's view/create/edit/delete and its visibility scope apply; another workspace's
 * schedule, client, company or deal → 404, nothing changed. Notes and timeline: /api/notes and
 * /api/timeline with entityType=schedule; images: /api/files/{id}.
 */
export const schedulesEndpoints = endpoints('schedules', {
  /** Multipart (+ files `images`), validated by the service with scheduleCreateBodySchema. */
  create: { method: 'POST', path: '/task', access: 'member', bodyKind: 'multipart', body: scheduleCreateBodySchema, response: scheduleIdSchema },
  /** Multipart; answers the id of the schedule holding the edited occurrence (a new one after a split). */
  update: {
    method: 'POST',
    path: '/task/:id',
    access: 'member',
    params: idParamsSchema,
    bodyKind: 'multipart',
    body: scheduleUpdateBodySchema,
    response: scheduleIdSchema,
  },
  get: { method: 'GET', path: '/task/:id', access: 'member', params: idParamsSchema, query: scheduleGetQuerySchema, response: scheduleSchema },
  remove: { method: 'DELETE', path: '/task/:id/delete', access: 'member', params: idParamsSchema, query: scheduleDeleteQuerySchema, response: z.null() },
  complete: {
    method: 'PUT',
    path: '/task/:id/complete',
    access: 'member',
    params: idParamsSchema,
    body: scheduleCompleteBodySchema,
    response: calendarEventSchema,
  },
  month: { method: 'GET', path: '/schedule/getMonth', access: 'member', query: calendarMonthQuerySchema, response: calendarEventListSchema },
  between: { method: 'GET', path: '/schedule/getBetween', access: 'member', query: calendarBetweenQuerySchema, response: calendarEventListSchema },
  date: { method: 'GET', path: '/schedule/getDate', access: 'member', query: calendarDateQuerySchema, response: calendarEventListSchema },
  search: { method: 'GET', path: '/search/tasks', access: 'member', query: scheduleSearchQuerySchema, response: scheduleSearchSchema },
  reminders: { method: 'GET', path: '/schedule/reminder', access: 'member', response: reminderListSchema },
  viewer: { method: 'GET', path: '/schedule/viewer', access: 'member', response: scheduleViewerSchema },
  savePickedUsers: {
    method: 'POST',
    path: '/schedule/saveUserSchedulePickUser',
    access: 'member',
    body: schedulePickUsersBodySchema,
    response: scheduleViewerSchema,
  },
  changeDate: { method: 'POST', path: '/schedule/changeScheduleDate', access: 'member', body: changeScheduleDateBodySchema, response: calendarEventSchema },
}, { scope: 'schedules' });
