import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import {
  publicQuoteSchema,
  quoteAcceptBodySchema,
  quoteChannelsSchema,
  quoteCreateBodySchema,
  quoteDeclineBodySchema,
  quoteExportQuerySchema,
  quoteListSchema,
  quoteSchema,
  quoteSendBodySchema,
  quoteSettingsBodySchema,
  quoteSettingsSchema,
  quoteTokenParamsSchema,
  quoteUpdateBodySchema,
} from './quotes.ts';

const logo = { status: 200 as const, description: "The letterhead's logo (PNG or JPEG).", mediaTypes: ['image/png', 'image/jpeg'] };
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
  send: {
    method: 'POST', path: '/quote/:id/send', access: 'member', params: idParamsSchema, body: quoteSendBodySchema, response: quoteSchema,
    description: "E-mail from the sender's connected mailbox (else the system mail) and/or a LINE push to the deal contact's linked friend.",
  },
  channels: { method: 'GET', path: '/quote/:id/channels', access: 'member', params: idParamsSchema, response: quoteChannelsSchema },
  export: {
    method: 'GET', path: '/quotes/export', access: 'member', query: quoteExportQuerySchema, response: 'raw',
    rawAnswer: { status: 200, description: 'The current version of each quote of the deals the caller sees, as CSV (UTF-8 with BOM).', mediaTypes: ['text/csv'] },
  },
  pdf: { method: 'GET', path: '/quote/:id/pdf', access: 'member', params: idParamsSchema, response: 'raw', rawAnswer: pdf },
  /** System administrators save; every member reads. */
  settings: { method: 'GET', path: '/settings/quotes', access: 'member', response: quoteSettingsSchema },
  saveSettings: { method: 'PUT', path: '/settings/quotes', access: 'member', body: quoteSettingsBodySchema, response: quoteSettingsSchema },
  uploadLogo: {
    method: 'POST', path: '/settings/quotes/logo', access: 'member', bodyKind: 'multipart', response: quoteSettingsSchema,
    description: 'System administrators only. Form field `logo`: a PNG or JPEG of at most 1 MB; new quotes carry it on their letterhead.',
  },
  removeLogo: { method: 'DELETE', path: '/settings/quotes/logo', access: 'member', response: quoteSettingsSchema, description: 'System administrators only.' },
}, { scope: 'deals' });

/**
 * The customer's page (/q/<token>): no sign-in, the unguessable token is the key. Accepting or declining an expired or
 * superseded quote → 409 QUOTE_EXPIRED / QUOTE_CLOSED; an unknown token → 404.
 */
export const publicQuotesEndpoints = endpoints('quotes', {
  publicView: { method: 'GET', path: '/public/quote/:token', access: 'public', params: quoteTokenParamsSchema, response: publicQuoteSchema },
  publicPdf: { method: 'GET', path: '/public/quote/:token/pdf', access: 'public', params: quoteTokenParamsSchema, response: 'raw', rawAnswer: pdf },
  publicLogo: { method: 'GET', path: '/public/quote/:token/logo', access: 'public', params: quoteTokenParamsSchema, response: 'raw', rawAnswer: logo },
  accept: { method: 'POST', path: '/public/quote/:token/accept', access: 'public', params: quoteTokenParamsSchema, body: quoteAcceptBodySchema, response: publicQuoteSchema },
  decline: { method: 'POST', path: '/public/quote/:token/decline', access: 'public', params: quoteTokenParamsSchema, body: quoteDeclineBodySchema, response: publicQuoteSchema },
});
