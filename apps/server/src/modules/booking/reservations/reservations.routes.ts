import {
  bookingOfferSchema,
  idNameParamsSchema,
  idParamsSchema,
  monthTimeQuerySchema,
  monthTimeSchema,
  orgIdQuerySchema,
  publicBookingRateLimits,
  publicMonthTimeQuerySchema,
  publicReservationSchema,
  reservationCreateBodySchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as reservationsService from './reservations.service.ts';

const tags = ['booking'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

/** Staff: the dialog's offer, free times, create, my appointments, complete, cancel (and the refused move). */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/booking/services/booking',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(bookingOfferSchema) } } },
    async (request) => ok(await reservationsService.bookingOffer(app.db, actorOf(request))),
  );
  app.get(
    '/booking/monthTime',
    { ...guarded, schema: { tags, security, querystring: monthTimeQuerySchema, response: { 200: envelope(monthTimeSchema) } } },
    async (request) => ok(await reservationsService.monthTime(app.db, actorOf(request), request.query)),
  );
  app.post(
    '/booking/reservation',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: reservationCreateBodySchema, response: { 200: envelope(reservationSchema) } } },
    async (request) => ok(await reservationsService.createReservation(app.db, actorOf(request), request.body)),
  );
  app.get(
    '/booking/reservations',
    { ...guarded, schema: { tags, security, querystring: reservationListQuerySchema, response: { 200: envelope(reservationListSchema) } } },
    async (request) => ok(await reservationsService.listReservations(app.db, actorOf(request), request.query)),
  );
  app.get(
    '/booking/reservation/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(reservationSchema) } } },
    async (request) => ok(await reservationsService.getReservation(app.db, actorOf(request), request.params.id)),
  );
  app.put(
    '/booking/order/:id/complete',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(reservationSchema) } } },
    async (request) => ok(await reservationsService.completeReservation(app.db, actorOf(request), request.params.id)),
  );
  app.put(
    '/booking/order/:id/cancel',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(reservationSchema) } } },
    async (request) => ok(await reservationsService.cancelReservation(app.db, actorOf(request), request.params.id)),
  );
  app.put(
    '/booking/order/:id/move',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(reservationSchema) } } },
    async (request) => reservationsService.moveReservation(app.db, actorOf(request), request.params.id),
  );
};

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * The public booking page's calls: no auth, per-IP rate limits (@fastify/rate-limit, registered in app.ts
 * with global: false), only public data — the offer, free times (no names, no counts) and the visitor's
 * own reservation. Errors speak the visitor's Accept-Language like every answer.
 */
export const publicBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicTags = ['public booking'];
  app.get(
    '/public/booking/:idName',
    { config: perMinute(publicBookingRateLimits.readsPerMinute), schema: { tags: publicTags, params: idNameParamsSchema, response: { 200: envelope(bookingOfferSchema) } } },
    async (request) => ok(await reservationsService.publicOffer(app.db, request.params.idName)),
  );
  app.get(
    '/public/booking/:idName/monthTime',
    {
      config: perMinute(publicBookingRateLimits.readsPerMinute),
      schema: { tags: publicTags, params: idNameParamsSchema, querystring: publicMonthTimeQuerySchema, response: { 200: envelope(monthTimeSchema) } },
    },
    async (request) => ok(await reservationsService.publicMonthTime(app.db, request.params.idName, request.query)),
  );
  app.post(
    '/public/booking/:idName/reservation',
    {
      config: perMinute(publicBookingRateLimits.createsPerMinute),
      schema: { tags: publicTags, params: idNameParamsSchema, body: reservationCreateBodySchema, response: { 200: envelope(publicReservationSchema) } },
    },
    async (request) => ok(await reservationsService.createPublicReservation(app.db, request.params.idName, request.body)),
  );
};
