import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  cardExchangeAnswerSchema,
  cardExchangeBodySchema,
  cardLeadListSchema,
  cardSaveBodySchema,
  cardSchema,
  cardSlugParamsSchema,
  cardThemeBodySchema,
  cardThemeStoreSchema,
  publicCardSchema,
} from './cards.ts';

/** The signed-in member's own business card in the workspace of `?orgId=`. */
export const cardsEndpoints = endpoints('business cards', {
  get: { method: 'GET', path: '/businesscard', access: 'member', response: cardSchema },
  save: { method: 'PUT', path: '/businesscard', access: 'member', body: cardSaveBodySchema, response: cardSchema },
  uploadPhoto: {
    method: 'POST',
    path: '/businesscard/photo',
    access: 'member',
    bodyKind: 'multipart',
    response: cardSchema,
    description: 'Form field `photo`: a PNG, JPEG, GIF or WebP image (the web scales it to 1024 px, quality 0.92). Saves the card first if needed.',
  },
  removePhoto: { method: 'DELETE', path: '/businesscard/photo', access: 'member', response: cardSchema },
  themes: { method: 'GET', path: '/businesscard/themes', access: 'member', response: cardThemeStoreSchema },
  setTheme: {
    method: 'PUT',
    path: '/businesscard/theme',
    access: 'member',
    body: cardThemeBodySchema,
    response: cardSchema,
    description: '403 PLAN_LIMIT_REACHED when the workspace plan does not include the theme.',
  },
  leads: { method: 'GET', path: '/businesscard/leads', access: 'member', response: cardLeadListSchema },
});

/** The public card page's calls: no session, per-IP rate limits (publicCardRateLimits), only what the owner put on the card. */
export const publicCardEndpoints = endpoints('public business card', {
  get: { method: 'GET', path: '/public/card/:slug', access: 'public', params: cardSlugParamsSchema, response: publicCardSchema },
  photo: { method: 'GET', path: '/public/card/:slug/photo', access: 'public', params: cardSlugParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The card\'s photo.', mediaTypes: ['image/jpeg', 'image/png', 'image/webp'] } },
  vcard: { method: 'GET', path: '/public/card/:slug/vcard', access: 'public', params: cardSlugParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The card as a vCard 3.0 file.', mediaTypes: ['text/vcard'] } },
  exchange: {
    method: 'POST',
    path: '/public/card/:slug/exchange',
    access: 'public',
    params: cardSlugParamsSchema,
    body: cardExchangeBodySchema,
    response: cardExchangeAnswerSchema,
  },
});

export type CardExchangeAnswer = z.infer<typeof cardExchangeAnswerSchema>;
