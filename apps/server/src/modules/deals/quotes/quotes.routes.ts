import { publicQuotesEndpoints as pub, quotesEndpoints as api } from '@lodestar/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { readForm } from '../../access/files/files.ts';
import type { QuoteSendContext } from './quotes.channels.ts';
import { exportQuotesCsv } from './quotes.export.ts';
import { quotePdf, requireLogo } from './quotes.logo.ts';
import * as quotesPublic from './quotes.public.service.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { channelsOf, sendQuote } from './quotes.send.ts';
import * as quotesService from './quotes.service.ts';
import * as quoteSettings from './quotes.settings.service.ts';

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

async function sendPdf(app: FastifyInstance, reply: FastifyReply, row: QuoteRow, locale: Parameters<typeof quotePdf>[3]) {
  const pdf = await quotePdf(app.db, app.config.dataDir, row, locale);
  const fileName = `${row.number}-v${row.version}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

export const quotesRoutes: FastifyPluginAsync = async (app) => {
  const context: QuoteSendContext = { db: app.db, config: app.config, mailer: app.mailer, log: app.log };
  route(app, api.listOfDeal, async (request) => quotesService.listOfDeal(app.db, actorOf(request), request.params.id));
  route(app, api.create, async (request) => quotesService.createQuote(app.db, actorOf(request), request.body));
  route(app, api.get, async (request) => quotesService.getQuote(app.db, actorOf(request), request.params.id));
  route(app, api.update, async (request) => quotesService.updateQuote(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.send, async (request) => sendQuote(context, actorOf(request), request.params.id, request.body, requestLocale(request)));
  route(app, api.channels, async (request) => channelsOf(context, actorOf(request), request.params.id));
  route(app, api.pdf, async (request, reply) => sendPdf(app, reply, await quotesService.quoteForPdf(app.db, actorOf(request), request.params.id), requestLocale(request)));
  route(app, api.export, async (request, reply) => {
    const csv = await exportQuotesCsv(app.db, actorOf(request), request.query, requestLocale(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="quotes.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
  route(app, api.settings, async (request) => quoteSettings.settingsOf(app.db, actorOf(request).orgId));
  route(app, api.saveSettings, async (request) => quoteSettings.saveSettings(app.db, actorOf(request), request.body));
  route(app, api.uploadLogo, async (request) => quoteSettings.uploadLogo(app.db, app.config.dataDir, actorOf(request), (await readForm(request, [])).upload));
  route(app, api.removeLogo, async (request) => quoteSettings.removeLogo(app.db, actorOf(request)));

  route(app, pub.publicView, async (request) => quotesPublic.viewQuote(app.db, request.params.token), perMinute(120));
  route(app, pub.publicPdf, async (request, reply) => sendPdf(app, reply, await quotesPublic.quoteForPublicPdf(app.db, request.params.token), requestLocale(request)), perMinute(30));
  route(
    app,
    pub.publicLogo,
    async (request, reply) => {
      const logo = await requireLogo(app.db, app.config.dataDir, await quotesPublic.quoteForPublicPdf(app.db, request.params.token));
      return reply.header('content-type', logo.mimeType).header('cache-control', 'public, max-age=300').header('x-content-type-options', 'nosniff').send(logo.data);
    },
    perMinute(120),
  );
  route(app, pub.accept, async (request) => quotesPublic.acceptQuote(app.db, request.params.token, request.body), perMinute(10));
  route(app, pub.decline, async (request) => quotesPublic.declineQuote(app.db, request.params.token, request.body), perMinute(10));
};
