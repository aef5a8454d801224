import { publicBookingEndpoints, publicBookingRateLimits, reservationsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { requestLocale } from '../../../platform/i18n.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as reservationsService from './reservations.service.ts';
import { publicPrefill } from './reservations.prefill.ts';
import { lazySecrets } from '../../../platform/secrets.ts';

/** Staff: the dialog's offer, free times, create, my appointments, complete, cancel (and the refused move). */
export const reservationsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.offer, async (request) => reservationsService.bookingOffer(app.db, actorOf(request)));
  route(app, api.monthTime, async (request) => reservationsService.monthTime(app.db, actorOf(request), request.query));
  route(app, api.create, async (request) =>
    reservationsService.createReservation(app.db, actorOf(request), request.body, { mailer: app.mailer, publicUrl: app.config.publicUrl, locale: requestLocale(request) }),
  );
  route(app, api.list, async (request) => reservationsService.listReservations(app.db, actorOf(request), request.query));
  route(app, api.get, async (request) => reservationsService.getReservation(app.db, actorOf(request), request.params.id));
  route(app, api.complete, async (request) => reservationsService.completeReservation(app.db, actorOf(request), request.params.id));
  route(app, api.cancel, async (request) => reservationsService.cancelReservation(app.db, actorOf(request), request.params.id, app.mailer));
  route(app, api.move, async (request) => reservationsService.moveReservation(app.db, actorOf(request), request.params.id));
};

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/**
 * The public booking page's calls: no auth, per-IP rate limits (@fastify/rate-limit, registered in app.ts
 * with global: false), only public data — the offer, free times (no names, no counts) and the visitor's
 * own reservation. Errors speak the visitor's Accept-Language like every answer.
 */
export const publicBookingRoutes: FastifyPluginAsync = async (app) => {
  const pub = publicBookingEndpoints;
  const secrets = lazySecrets(app.config);
  route(app, pub.offer, async (request) => reservationsService.publicOffer(app.db, request.params.idName), perMinute(publicBookingRateLimits.readsPerMinute));
  route(
    app,
    pub.monthTime,
    async (request) => reservationsService.publicMonthTime(app.db, request.params.idName, request.query),
    perMinute(publicBookingRateLimits.readsPerMinute),
  );
  route(app, pub.prefill, async (request) => publicPrefill(app.db, secrets(), request.params.idName, request.query.p), perMinute(publicBookingRateLimits.readsPerMinute));
  route(
    app,
    pub.create,
    async (request) =>
      reservationsService.createPublicReservation(app.db, request.params.idName, request.body, { mailer: app.mailer, publicUrl: app.config.publicUrl, locale: requestLocale(request) }),
    perMinute(publicBookingRateLimits.createsPerMinute),
  );
};
