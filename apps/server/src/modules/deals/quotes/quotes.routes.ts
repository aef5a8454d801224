import { publicQuotesEndpoints as pub, quotesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { toPublicQuote } from './quotes.answers.ts';
import { renderQuotePdf } from './quotes.pdf.ts';
import * as quotesPublic from './quotes.public.service.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { sendQuote } from './quotes.send.ts';
import * as quotesService from './quotes.service.ts';
import * as quoteSettings from './quotes.settings.service.ts';

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

async function sendPdf(reply: FastifyReply, row: QuoteRow, locale: Parameters<typeof renderQuotePdf>[1]) {
  const pdf = await renderQuotePdf(toPublicQuote(row), locale, row.signature);
  const fileName = `${row.number}-v${row.version}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

export const quotesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.listOfDeal, async (request) => quotesService.listOfDeal(app.db, actorOf(request), request.params.id));
  route(app, api.create, async (request) => quotesService.createQuote(app.db, actorOf(request), request.body));
  route(app, api.get, async (request) => quotesService.getQuote(app.db, actorOf(request), request.params.id));
  route(app, api.update, async (request) => quotesService.updateQuote(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.send, async (request) =>
    sendQuote(app.db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, actorOf(request), request.params.id, request.body, requestLocale(request)),
  );
  route(app, api.pdf, async (request, reply) => sendPdf(reply, await quotesService.quoteForPdf(app.db, actorOf(request), request.params.id), requestLocale(request)));
  route(app, api.settings, async (request) => quoteSettings.settingsOf(app.db, actorOf(request).orgId));
  route(app, api.saveSettings, async (request) => quoteSettings.saveSettings(app.db, actorOf(request), request.body));

  route(app, pub.publicView, async (request) => quotesPublic.viewQuote(app.db, request.params.token), perMinute(120));
  route(app, pub.publicPdf, async (request, reply) => sendPdf(reply, await quotesPublic.quoteForPublicPdf(app.db, request.params.token), requestLocale(request)), perMinute(30));
  route(app, pub.accept, async (request) => quotesPublic.acceptQuote(app.db, request.params.token, request.body), perMinute(10));
  route(app, pub.decline, async (request) => quotesPublic.declineQuote(app.db, request.params.token, request.body), perMinute(10));
};
