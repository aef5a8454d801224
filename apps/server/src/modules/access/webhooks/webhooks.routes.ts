import { restHooksEndpoints as hooks, webhooksEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import type { KeyCaller } from '../api-keys/api-keys.auth.ts';
import type { Actor } from '../privileges/access-core.ts';
import { actorOf } from '../auth/auth.ts';
import { createWebhookDeps } from './webhooks.deps.ts';
import * as webhooksService from './webhooks.service.ts';
import * as restHooks from './webhooks.rest-hooks.ts';

/** Settings → webhooks (docs/product.md#webhooks). */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const deps = createWebhookDeps(app.config);
  route(app, api.list, async (request) => webhooksService.listWebhooks(app.db, actorOf(request)));
  route(app, api.create, async (request) => webhooksService.createWebhook(app.db, deps, actorOf(request), request.body));
  route(app, api.update, async (request) => webhooksService.updateWebhook(app.db, deps, actorOf(request), request.params.id, request.body));
  route(app, api.remove, async (request) => {
    await webhooksService.deleteWebhook(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.test, async (request) => webhooksService.testWebhook(app.db, actorOf(request), request.params.id));
  route(app, api.deliveries, async (request) => webhooksService.listDeliveries(app.db, actorOf(request), request.params.id));
  route(app, api.resend, async (request) => webhooksService.resendDelivery(app.db, actorOf(request), request.params.id));

  // REST hooks (Zapier-style): any live key passes the guard; the event type decides the scope it needs.
  const hookCaller = (request: { apiKey?: KeyCaller; keyMaker?: Actor }) => ({ key: request.apiKey, maker: request.keyMaker });
  route(app, hooks.subscribe, async (request) => restHooks.subscribe(app.db, deps, hookCaller(request), request.body));
  route(app, hooks.unsubscribe, async (request) => {
    await restHooks.unsubscribe(app.db, hookCaller(request), request.params.id);
    return null;
  });
  route(app, hooks.latest, async (request) => restHooks.latest(app.db, hookCaller(request), request.query.event, request.query.limit));
};
