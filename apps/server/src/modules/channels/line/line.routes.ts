import { lineChannelEndpoints as channelApi, lineConversationEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { createLineDeps } from './line.deps.ts';
import * as lineConversations from './line.conversations.ts';
import * as lineSetup from './line.setup.ts';
import * as lineWebhook from './line.webhook.ts';

/** Settings → Channel → LINE and the "Social (LINE)" tab (docs/product.md#line-channel). */
export const lineRoutes: FastifyPluginAsync = async (app) => {
  const deps = createLineDeps(app.config);

  route(app, channelApi.get, async (request) => lineSetup.getChannel(app.db, deps, actorOf(request)));
  route(app, channelApi.confirmStep, async (request) => lineSetup.confirmStep(app.db, deps, actorOf(request), request.params.step));
  route(app, channelApi.credentials, async (request) => lineSetup.saveCredentials(app.db, deps, actorOf(request), request.body));
  route(app, channelApi.webhook, async (request) => lineSetup.setUpWebhook(app.db, deps, actorOf(request)));
  route(app, channelApi.disconnect, async (request) => {
    await lineSetup.disconnect(app.db, deps, actorOf(request));
    return null;
  });

  route(app, api.list, async (request) => lineConversations.listConversations(app.db, deps, actorOf(request), request.query));
  route(app, api.view, async (request) => lineConversations.viewConversation(app.db, actorOf(request), request.params.id));
  route(app, api.send, async (request) => lineConversations.send(app.db, deps, actorOf(request), request.params.id, request.body.text));
  route(app, api.link, async (request) => lineConversations.link(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.assign, async (request) => lineConversations.assign(app.db, actorOf(request), request.params.id, request.body.ownerUserId));

  await app.register(lineWebhookRoutes);
};

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * The webhook, in its own scope: JSON bodies are kept as raw bytes (the signature is over them) and parsed only
 * after the check. The answer goes out at once; the events are applied after it.
 */
const lineWebhookRoutes: FastifyPluginAsync = async (app) => {
  const deps = createLineDeps(app.config);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    // No parsed body: the platform's JSON checks run on the events after the signature (line.webhook.ts).
    done(null, undefined);
  });
  route(app, channelApi.receive, async (request, reply) => {
    const signature = request.headers['x-line-signature'];
    const channel = await lineWebhook.receive(app.db, deps, request.params.token, rawBodies.get(request as unknown as FastifyRequest), typeof signature === 'string' ? signature : undefined);
    app.background.run('line.events', () => lineWebhook.processEvents(app.db, deps, request.log, channel.id));
    return reply.code(200).send({});
  });
};
