import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import {
  bookingOfferSchema,
  bookingPrefillQuerySchema,
  bookingPrefillSchema,
  idNameParamsSchema,
  monthTimeQuerySchema,
  monthTimeSchema,
  publicMonthTimeQuerySchema,
  publicReservationSchema,
  reservationCreateBodySchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationSchema,
} from './reservations.ts';

const byId = { access: 'member', params: idParamsSchema } as const;

/**
 * Staff: the dialog's offer, free times, create, my appointments, complete, cancel (and the refused move).
 * `/booking/order/…` is the product's path for one reservation (kept for compatibility).
 */
export const reservationsEndpoints = endpoints('booking', {
  offer: { method: 'GET', path: '/booking/services/booking', access: 'member', response: bookingOfferSchema },
  monthTime: { method: 'GET', path: '/booking/monthTime', access: 'member', query: monthTimeQuerySchema, response: monthTimeSchema },
  create: { method: 'POST', path: '/booking/reservation', access: 'member', body: reservationCreateBodySchema, response: reservationSchema },
  list: { method: 'GET', path: '/booking/reservations', access: 'member', query: reservationListQuerySchema, response: reservationListSchema },
  get: { method: 'GET', path: '/booking/reservation/:id', ...byId, response: reservationSchema },
  complete: { method: 'PUT', path: '/booking/order/:id/complete', ...byId, response: reservationSchema },
  cancel: { method: 'PUT', path: '/booking/order/:id/cancel', ...byId, response: reservationSchema },
  move: { method: 'PUT', path: '/booking/order/:id/move', ...byId, response: reservationSchema },
}, { group: 'reservations' });

/**
 * The public booking page's calls (docs/product.md#api): no auth, per-IP rate limits (publicBookingRateLimits,
 * applied by the server's routes), only public data — the offer, free times (no names, no counts) and the
 * visitor's own reservation.
 */
export const publicBookingEndpoints = endpoints('public booking', {
  offer: { method: 'GET', path: '/public/booking/:idName', access: 'public', params: idNameParamsSchema, response: bookingOfferSchema },
  monthTime: {
    method: 'GET',
    path: '/public/booking/:idName/monthTime',
    access: 'public',
    params: idNameParamsSchema,
    query: publicMonthTimeQuerySchema,
    response: monthTimeSchema,
  },
  prefill: {
    method: 'GET',
    path: '/public/booking/:idName/prefill',
    access: 'public',
    params: idNameParamsSchema,
    query: bookingPrefillQuerySchema,
    response: bookingPrefillSchema,
  },
  create: {
    method: 'POST',
    path: '/public/booking/:idName/reservation',
    access: 'public',
    params: idNameParamsSchema,
    body: reservationCreateBodySchema,
    response: publicReservationSchema,
  },
});
