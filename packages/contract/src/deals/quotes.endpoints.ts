import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import {
  publicQuoteSchema,
  quoteAcceptBodySchema,
  quoteCreateBodySchema,
  quoteDeclineBodySchema,
  quoteListSchema,
  quoteSchema,
  quoteSendBodySchema,
  quoteSettingsBodySchema,
  quoteSettingsSchema,
  quoteTokenParamsSchema,
  quoteUpdateBodySchema,
} from './quotes.ts';

const pdf = { status: 200 as const, description: 'The quote as a PDF (CJK fonts embedded).', mediaTypes: ['application/pdf'] };

/**
 * Quotes of a deal (issue 36). Who sees a deal sees its quotes; who edits it creates, edits and sends them; another
 * workspace's id → 404. A quote that is accepted, declined or superseded cannot be edited (409 QUOTE_CLOSED).
 */
export const quotesEndpoints = endpoints('quotes', {
  listOfDeal: { method: 'GET', path: '/deal/:id/quotes', access: 'member', params: idParamsSchema, response: quoteListSchema },
  create: { method: 'POST', path: '/quote', access: 'member', body: quoteCreateBodySchema, response: quoteSchema },
  get: { method: 'GET', path: '/quote/:id', access: 'member', params: idParamsSchema, response: quoteSchema },
  update: { method: 'PUT', path: '/quote/:id', access: 'member', params: idParamsSchema, body: quoteUpdateBodySchema, response: quoteSchema },
  send: { method: 'POST', path: '/quote/:id/send', access: 'member', params: idParamsSchema, body: quoteSendBodySchema, response: quoteSchema },
  pdf: { method: 'GET', path: '/quote/:id/pdf', access: 'member', params: idParamsSchema, response: 'raw', rawAnswer: pdf },
  /** System administrators save; every member reads. */
  settings: { method: 'GET', path: '/settings/quotes', access: 'member', response: quoteSettingsSchema },
  saveSettings: { method: 'PUT', path: '/settings/quotes', access: 'member', body: quoteSettingsBodySchema, response: quoteSettingsSchema },
}, { scope: 'deals' });

/**
 * The customer's page (/q/<token>): no sign-in, the unguessable token is the key. Accepting or declining an expired or
 * superseded quote → 409 QUOTE_EXPIRED / QUOTE_CLOSED; an unknown token → 404.
 */
export const publicQuotesEndpoints = endpoints('quotes', {
  publicView: { method: 'GET', path: '/public/quote/:token', access: 'public', params: quoteTokenParamsSchema, response: publicQuoteSchema },
  publicPdf: { method: 'GET', path: '/public/quote/:token/pdf', access: 'public', params: quoteTokenParamsSchema, response: 'raw', rawAnswer: pdf },
  accept: { method: 'POST', path: '/public/quote/:token/accept', access: 'public', params: quoteTokenParamsSchema, body: quoteAcceptBodySchema, response: publicQuoteSchema },
  decline: { method: 'POST', path: '/public/quote/:token/decline', access: 'public', params: quoteTokenParamsSchema, body: quoteDeclineBodySchema, response: publicQuoteSchema },
});
