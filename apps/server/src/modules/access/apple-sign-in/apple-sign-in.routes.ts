import { appleSignInEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import * as appleSignInService from './apple-sign-in.service.ts';

/** Sign in with Apple (docs/product.md#sign-in-with-apple). */
export const appleSignInRoutes: FastifyPluginAsync = async (app) => {
  // Apple posts its answer as a form; scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const rateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(app, api.config, async () => ({ enabled: Boolean(app.config.apple) }));
  route(app, api.start, async (request) => appleSignInService.start(app.db, app.config.apple, app.config.publicUrl, request.body.redirect), { config: rateLimit });
  // Apple sends the browser here (no Bearer header); the answer is always a redirect to the finishing page.
  route(
    app,
    api.callback,
    async (request, reply) => {
      const target = await appleSignInService.completeCallback(app.db, app.config.apple, {
        publicUrl: app.config.publicUrl,
        language: requestLocale(request),
        plan: app.config.devDefaultPlan,
        body: request.body,
      });
      return reply.redirect(target, 303);
    },
    { config: rateLimit },
  );
  route(app, api.session, async (request) => appleSignInService.finish(app.db, request.body.ticket), { config: rateLimit });
};
