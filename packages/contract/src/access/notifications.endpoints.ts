import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { notificationListSchema } from './notifications.ts';

export const notificationEndpoints = endpoints('notifications', {
  /** The signed-in member's latest notifications in the workspace, newest first, and how many are unread. */
  list: { method: 'GET', path: '/notifications', access: 'member', response: notificationListSchema },
  /** Marks all of them read. */
  read: { method: 'POST', path: '/notifications/read', access: 'member', response: z.null() },
});
