import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  calendarAuthorizeSchema,
  calendarCallbackQuerySchema,
  calendarChoiceBodySchema,
  calendarFeedParamsSchema,
  calendarFeedSchema,
  calendarProviderParamsSchema,
  calendarSyncAccountSchema,
  calendarSyncOverviewSchema,
  calendarSyncTypeBodySchema,
  providerCalendarSchema,
} from './calendar-sync.ts';

const provider = { access: 'member', params: calendarProviderParamsSchema } as const;

/**
 * docs/product.md#api "Google and Outlook calendar account, calendars, synctype, cancel" under
 * /api/calendar/{google|outlook}/…, plus the OAuth hand-off and the private ICS feed.
 */
export const calendarSyncEndpoints = endpoints('calendar-sync', {
  overview: { method: 'GET', path: '/calendar/sync', access: 'member', response: calendarSyncOverviewSchema },
  account: { method: 'GET', path: '/calendar/:provider/account', ...provider, response: calendarSyncAccountSchema },
  authorize: { method: 'GET', path: '/calendar/:provider/authorize', ...provider, response: calendarAuthorizeSchema },
  /** The provider sends the browser here: no Bearer header, the signed state names the user; answers a 303 redirect. */
  callback: { method: 'GET', path: '/calendar/:provider/callback', access: 'public', params: calendarProviderParamsSchema, query: calendarCallbackQuerySchema, response: 'raw', rawAnswer: { status: 303, description: 'Back to the calendar sync page, with the outcome.' } },
  calendars: { method: 'GET', path: '/calendar/:provider/calendars', ...provider, response: z.array(providerCalendarSchema) },
  chooseCalendars: { method: 'PUT', path: '/calendar/:provider/calendars', ...provider, body: calendarChoiceBodySchema, response: calendarSyncAccountSchema },
  setSyncType: { method: 'PUT', path: '/calendar/:provider/synctype', ...provider, body: calendarSyncTypeBodySchema, response: calendarSyncAccountSchema },
  syncNow: { method: 'POST', path: '/calendar/:provider/sync', ...provider, response: calendarSyncAccountSchema },
  cancel: { method: 'DELETE', path: '/calendar/:provider/cancel', ...provider, response: z.null() },
  feed: { method: 'GET', path: '/calendar-feed', access: 'member', response: calendarFeedSchema },
  regenerateFeed: { method: 'POST', path: '/calendar-feed', access: 'member', response: calendarFeedSchema },
  revokeFeed: { method: 'DELETE', path: '/calendar-feed', access: 'member', response: z.null() },
  /** Public: calendar apps subscribe with the secret URL alone; answers text/calendar. */
  feedFile: { method: 'GET', path: '/calendar-feed/:file', access: 'public', params: calendarFeedParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The calendar as iCalendar (RFC 5545).', mediaTypes: ['text/calendar'] } },
});
