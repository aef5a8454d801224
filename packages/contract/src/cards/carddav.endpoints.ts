import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { appPasswordCreateBodySchema, appPasswordCreatedSchema, appPasswordListSchema, appPasswordParamsSchema } from './carddav.ts';

/**
 * The signed-in member's app passwords for the CardDAV address book in the workspace of `?orgId=`. The address
 * book itself (/carddav/…, WebDAV methods with XML bodies) is not a JSON endpoint: apps/server carddav.dav.ts.
 */
export const carddavEndpoints = endpoints('carddav', {
  list: { method: 'GET', path: '/carddav/app-passwords', access: 'member', response: appPasswordListSchema },
  create: { method: 'POST', path: '/carddav/app-passwords', access: 'member', body: appPasswordCreateBodySchema, response: appPasswordCreatedSchema },
  revoke: { method: 'DELETE', path: '/carddav/app-passwords/:id', access: 'member', params: appPasswordParamsSchema, response: z.null() },
});
