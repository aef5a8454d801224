import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import {
  activityItemListSchema,
  activityItemSaveBodySchema,
  activityItemSchema,
  activityItemUpdateBodySchema,
  activityProfileListSchema,
  activityProfileSaveBodySchema,
  activityProfileSchema,
  activityProfileUpdateBodySchema,
  userActivitySchema,
} from './activity-items.ts';

const byId = { access: 'member', params: idParamsSchema } as const;

/** Settings of activity items and activity profiles, and the items the caller may pick in a schedule. */
export const activityItemsEndpoints = endpoints('activity items', {
  listItems: { method: 'GET', path: '/settings/activityItem', access: 'member', response: activityItemListSchema },
  createItem: { method: 'POST', path: '/settings/activityItem', access: 'member', body: activityItemSaveBodySchema, response: activityItemSchema },
  getItem: { method: 'GET', path: '/settings/activityItem/:id', ...byId, response: activityItemSchema },
  updateItem: { method: 'PUT', path: '/settings/activityItem/:id', ...byId, body: activityItemUpdateBodySchema, response: activityItemSchema },
  removeItem: { method: 'DELETE', path: '/settings/activityItem/:id', ...byId, response: z.null() },
  listProfiles: { method: 'GET', path: '/settings/activity', access: 'member', response: activityProfileListSchema },
  createProfile: { method: 'POST', path: '/settings/activity', access: 'member', body: activityProfileSaveBodySchema, response: activityProfileSchema },
  getProfile: { method: 'GET', path: '/settings/activity/:id', ...byId, response: activityProfileSchema },
  updateProfile: { method: 'PUT', path: '/settings/activity/:id', ...byId, body: activityProfileUpdateBodySchema, response: activityProfileSchema },
  removeProfile: { method: 'DELETE', path: '/settings/activity/:id', ...byId, response: z.null() },
  mine: { method: 'GET', path: '/userActivity', access: 'member', response: userActivitySchema },
});
