import { cardsEndpoints as api, publicCardEndpoints as pub, publicCardRateLimits } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { readForm } from '../../access/files/files.ts';
import * as cardsService from './cards.service.ts';
import * as cardsPublic from './cards.public.ts';

/** The member's own business card: content, photo, theme store, leads. */
export const cardsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.get, async (request) => cardsService.getCard(app.db, actorOf(request)));
  route(app, api.save, async (request) => cardsService.saveCard(app.db, actorOf(request), request.body));
  route(app, api.uploadPhoto, async (request) => {
    const form = await readForm(request, []);
    return cardsService.uploadPhoto(app.db, app.config.dataDir, actorOf(request), form.upload);
  });
  route(app, api.removePhoto, async (request) => cardsService.removePhoto(app.db, actorOf(request)));
  route(app, api.themes, async (request) => cardsService.themeStore(app.db, actorOf(request)));
  route(app, api.setTheme, async (request) => cardsService.setTheme(app.db, actorOf(request), request.body.themeId));
  route(app, api.leads, async (request) => cardsService.listLeads(app.db, actorOf(request)));
};

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });
const reads = perMinute(publicCardRateLimits.readsPerMinute);

/** The public card page's calls (/card/{slug}): no session, per-IP rate limits like the public booking page. */
export const publicCardRoutes: FastifyPluginAsync = async (app) => {
  route(app, pub.get, async (request) => cardsPublic.publicCard(app.db, request.params.slug), reads);
  route(
    app,
    pub.photo,
    async (request, reply) => {
      const file = await cardsPublic.publicPhoto(app.db, app.config.dataDir, request.params.slug);
      return reply.header('content-type', file.mimeType).header('cache-control', 'public, max-age=300').header('x-content-type-options', 'nosniff').send(file.data);
    },
    reads,
  );
  route(
    app,
    pub.vcard,
    async (request, reply) => {
      const { fileName, text } = await cardsPublic.publicVCard(app.db, request.params.slug, app.config.publicUrl);
      return reply
        .header('content-type', 'text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="card.vcf"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'no-cache')
        .send(text);
    },
    reads,
  );
  route(app, pub.exchange, async (request) => cardsPublic.exchange(app.db, request.params.slug, request.body, { mailer: app.mailer, publicUrl: app.config.publicUrl }), perMinute(publicCardRateLimits.exchangesPerMinute));
};
