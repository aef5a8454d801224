import { lineChannelEndpoints as channelApi, lineConversationEndpoints as api, lineRoutingEndpoints as routingApi, lineSegmentEndpoints as segmentApi } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../platform/route.ts';
import { fieldError } from '../../../platform/errors.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { readForm } from '../../access/files/files.ts';
import { createLineDeps } from './line.deps.ts';
import * as lineContacts from './line.contacts.ts';
import * as lineConversations from './line.conversations.ts';
import * as lineRichMenu from './line.rich-menu.ts';
import * as lineRouting from './line.routing.ts';
import * as lineSavedReplies from './line.saved-replies.ts';
import * as lineSegments from './line.segments.ts';
import * as lineSetup from './line.setup.ts';
import * as lineWebhook from './line.webhook.ts';
import { serveMedia } from './line.media.ts';

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
  route(app, channelApi.richMenu, async (request) => lineRichMenu.view(app.db, deps, actorOf(request)));
  route(app, channelApi.publishRichMenu, async (request) => {
    const form = await readForm(request, ['menu']).catch((error: unknown) => {
      // Past the upload limit (1 MB, as LINE's): say which rule, not "bad body".
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? lineRichMenu.imageTooLarge() : error;
    });
    return lineRichMenu.publish(app.db, deps, actorOf(request), form.body.menu, form.uploads.find((upload) => upload.field === 'image'));
  });
  route(app, channelApi.removeRichMenu, async (request) => lineRichMenu.remove(app.db, deps, actorOf(request)));

  route(app, api.list, async (request) => lineConversations.listConversations(app.db, deps, actorOf(request), request.query));
  route(app, api.view, async (request) => {
    const actor = actorOf(request);
    const view = await lineConversations.viewConversation(app.db, actor, request.params.id);
    app.background.run('line.read', () => lineConversations.markReadAtLine(app.db, deps, actor.orgId, request.params.id));
    return view;
  });
  route(app, api.send, async (request) => lineConversations.send(app.db, deps, actorOf(request), request.params.id, request.body.text, request.body.quickReplies));
  route(app, api.sendFile, async (request) => {
    const form = await readForm(request, []).catch((error: unknown) => {
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? fieldError('file', 'tooLong') : error;
    });
    return lineConversations.sendFile(app.db, deps, actorOf(request), request.params.id, form.uploads.find((upload) => upload.field === 'file'));
  });
  route(app, api.content, async (request, reply) => lineConversations.content(app.db, deps, actorOf(request), request.params.id, request.params.messageId, reply));
  route(app, channelApi.media, async (request, reply) => serveMedia(app.db, deps, request.params.token, reply));
  route(app, api.link, async (request) => lineContacts.link(app.db, deps, actorOf(request), request.params.id, request.body));
  route(app, api.unlink, async (request) => lineContacts.unlink(app.db, actorOf(request), request.params.id));
  route(app, api.bindCode, async (request) => lineContacts.bindCode(app.db, actorOf(request), request.body.contactId));
  route(app, api.assign, async (request) => lineConversations.assign(app.db, actorOf(request), request.params.id, request.body.ownerUserId));
  route(app, api.render, async (request) => lineSavedReplies.render(app.db, deps, actorOf(request), request.params.id, request.body));
  route(app, api.savedReplies, async (request) => lineSavedReplies.list(app.db, actorOf(request)));
  route(app, api.createSavedReply, async (request) => lineSavedReplies.create(app.db, actorOf(request), request.body));
  route(app, api.updateSavedReply, async (request) => lineSavedReplies.update(app.db, actorOf(request), request.params.replyId, request.body));
  route(app, api.deleteSavedReply, async (request) => lineSavedReplies.remove(app.db, actorOf(request), request.params.replyId));
  route(app, api.takeOver, async (request) => lineConversations.takeOver(app.db, actorOf(request), request.params.id));

  route(app, segmentApi.preview, async (request) => lineSegments.preview(app.db, deps, actorOf(request), request.body));
  route(app, segmentApi.create, async (request) => lineSegments.create(app.db, deps, actorOf(request), request.body));
  route(app, segmentApi.uploadImage, async (request) => {
    const form = await readForm(request, []).catch((error: unknown) => {
      // Past the upload limit: say which field, not "bad body".
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? fieldError('image', 'tooLong') : error;
    });
    return lineSegments.uploadImage(app.db, deps, actorOf(request), form.uploads.find((upload) => upload.field === 'image'));
  });
  route(app, segmentApi.list, async (request) => lineSegments.list(app.db, actorOf(request)));
  route(app, segmentApi.get, async (request) => lineSegments.get(app.db, actorOf(request), request.params.sendId));
  route(app, segmentApi.stopKeywords, async (request) => lineSegments.getStopKeywords(app.db, actorOf(request)));
  route(app, segmentApi.saveStopKeywords, async (request) => lineSegments.saveStopKeywords(app.db, actorOf(request), request.body.keywords));
  route(app, routingApi.get, async (request) => lineRouting.getRouting(app.db, actorOf(request)));
  route(app, routingApi.save, async (request) => lineRouting.saveRouting(app.db, actorOf(request), request.body));

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
