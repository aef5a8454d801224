import { mailboxesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { downloadHeaders, openAttachment } from './mailboxes.attachments.ts';
import * as mailboxesDeals from './mailboxes.deals.ts';
import * as mailboxesEmails from './mailboxes.emails.ts';
import * as mailboxesSaved from './mailboxes.saved-attachments.ts';
import * as mailboxesSearch from './mailboxes.search.ts';
import * as mailboxesOauth from './mailboxes.oauth.ts';
import * as mailboxesService from './mailboxes.service.ts';
import * as mailboxesTemplates from './mailboxes.templates.ts';
import { createMailDeps } from './mailboxes.deps.ts';

/** Account → Mailboxes (each member's own), and the stored e-mail of a contact or company. */
export const mailboxesRoutes: FastifyPluginAsync = async (app) => {
  const context: mailboxesService.MailboxContext = { db: app.db, deps: createMailDeps(app.config, app.mailer), log: app.log, background: app.background };

  route(app, api.list, async (request) => mailboxesService.listMailboxes(app.db, actorOf(request)));
  route(app, api.providers, async () => mailboxesOauth.providerOptions(context.deps));
  route(app, api.authorize, async (request) => mailboxesOauth.authorizeUrl(context.deps, actorOf(request), request.params.provider, request.query.backfillDays));
  // The provider sends the browser here: no Bearer header, the signed state names the member.
  route(app, api.callback, async (request, reply) => {
    const outcome = await mailboxesOauth.completeAuthorization(app.db, context.deps, request.params.provider, request.query);
    if (outcome.error) request.log.warn({ err: outcome.error, provider: request.params.provider }, 'mailbox connection failed');
    if (outcome.mailboxId) mailboxesService.syncSoon(context, outcome.mailboxId);
    return reply.redirect(outcome.target, 303);
  });
  route(app, api.test, async (request) => mailboxesService.testConnection(context.deps, request.body));
  route(app, api.connect, async (request) => mailboxesService.connect(context, actorOf(request), request.body));
  route(app, api.update, async (request) => mailboxesService.update(context, actorOf(request), request.params.id, request.body));
  route(app, api.syncNow, async (request) => mailboxesService.syncNow({ ...context, log: request.log }, actorOf(request), request.params.id));
  route(app, api.remove, async (request) => {
    await mailboxesService.remove(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.threads, async (request) => mailboxesEmails.threads(app.db, actorOf(request), request.query));
  route(app, api.setPrivate, async (request) => mailboxesEmails.setPrivate(app.db, actorOf(request), request.params.id, request.body.private));
  route(app, api.send, async (request) => mailboxesEmails.send({ ...context, log: request.log }, actorOf(request), request.body));
  route(app, api.search, async (request) => mailboxesSearch.searchEmails(app.db, actorOf(request), request.query));
  route(app, api.dealOptions, async (request) => mailboxesDeals.dealOptions(app.db, actorOf(request), request.params.id));
  route(app, api.linkDeal, async (request) => mailboxesDeals.linkDeal(app.db, actorOf(request), request.params.id, request.params.dealId));
  route(app, api.unlinkDeal, async (request) => mailboxesDeals.unlinkDeal(app.db, actorOf(request), request.params.id, request.params.dealId));
  route(app, api.attachment, async (request, reply) => {
    const file = await openAttachment(app.db, context.deps, actorOf(request), request.params.id, request.params.index);
    return reply.headers(downloadHeaders(file.filename, file.contentType)).send(file.content);
  });
  route(app, api.saveAttachment, async (request) =>
    mailboxesSaved.saveAttachment(app.db, context.deps, app.config.dataDir, actorOf(request), request.params.id, request.params.index, request.body),
  );
  route(app, api.savedAttachments, async (request) => mailboxesSaved.listSavedAttachments(app.db, actorOf(request), request.query));
  route(app, api.savedAttachmentFile, async (request, reply) => {
    const file = await mailboxesSaved.openSavedAttachment(app.db, app.config.dataDir, actorOf(request), request.params.id);
    return reply.headers(downloadHeaders(file.filename, file.contentType)).send(file.data);
  });
  route(app, api.templates, async (request) => mailboxesTemplates.listTemplates(app.db, actorOf(request)));
  route(app, api.createTemplate, async (request) => mailboxesTemplates.createTemplate(app.db, actorOf(request), request.body));
  route(app, api.updateTemplate, async (request) => mailboxesTemplates.updateTemplate(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.removeTemplate, async (request) => {
    await mailboxesTemplates.removeTemplate(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.renderTemplate, async (request) =>
    mailboxesTemplates.renderTemplate(app.db, actorOf(request), request.params.id, request.query.entityType, request.query.entityId),
  );
};
