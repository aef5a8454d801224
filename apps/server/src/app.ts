import * as contract from '@lodestar/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { completeDocument } from './platform/openapi-document.ts';
import { nameSharedSchemas } from './platform/openapi-components.ts';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { wireContexts } from './wiring.ts';
import type { Database, Db } from './db/client.ts';
import { appShell, registerWebApp } from './platform/static-files.ts';
import { registerCompression } from './platform/compression.ts';
import { configureAuthCache } from './modules/access/auth/auth-cache.ts';
import { registerAuth } from './modules/access/auth/auth.ts';
import { configureReadCache } from './platform/read-cache.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { requestsFirst } from './platform/background-pace.ts';
import { registerEventActor } from './platform/event-actor.ts';
import { createBackground, type Background } from './platform/background.ts';
import { envelope, failEnvelopeSchema, ok, registerErrorHandlers } from './platform/errors.ts';
import { frameworkErrors, registerInputGuard } from './platform/input-guard.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { organizationsRoutes } from './modules/access/organizations/organizations.routes.ts';
import { departmentsRoutes } from './modules/access/departments/departments.routes.ts';
import { membersRoutes } from './modules/access/members/members.routes.ts';
import { privilegesRoutes } from './modules/access/privileges/privileges.routes.ts';
import { usersRoutes } from './modules/access/users/users.routes.ts';
import { rolesRoutes } from './modules/access/roles/roles.routes.ts';
import { webhooksRoutes } from './modules/access/webhooks/webhooks.routes.ts';
import { apiKeysRoutes } from './modules/access/api-keys/api-keys.routes.ts';
import { auditLogRoutes } from './modules/access/audit-log/audit-log.routes.ts';
import { registerAuditHooks } from './modules/access/audit-log/audit-log.hooks.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { appleSignInRoutes } from './modules/access/apple-sign-in/apple-sign-in.routes.ts';
import { firstRunGuideRoutes } from './modules/access/first-run-guide/first-run-guide.routes.ts';
import { notificationRoutes } from './modules/access/notifications/notifications.routes.ts';
import { subscriptionsRoutes } from './modules/billing/subscriptions/subscriptions.routes.ts';
import { invoicesRoutes } from './modules/billing/invoices/invoices.routes.ts';
import { operatorConsoleRoutes } from './modules/operator/console/operator-console.routes.ts';
import { createBillingDeps } from './modules/billing/subscriptions/subscriptions.deps.ts';
import { statisticsRoutes } from './modules/reports/statistics/statistics.routes.ts';
import { companiesRoutes } from './modules/records/companies/companies.routes.ts';
import { contactsRoutes } from './modules/records/contacts/contacts.routes.ts';
import { columnSettingsRoutes } from './modules/records/column-settings/column-settings.routes.ts';
import { savedFiltersRoutes } from './modules/records/saved-filters/saved-filters.routes.ts';
import { customFieldsRoutes } from './modules/records/custom-fields/custom-fields.routes.ts';
import { notesRoutes } from './modules/records/notes/notes.routes.ts';
import { recordSummaryRoutes } from './modules/records/record-summary/record-summary.routes.ts';
import { searchRoutes } from './modules/records/search/search.routes.ts';
import { tagsRoutes } from './modules/records/tags/tags.routes.ts';
import { trashRoutes } from './modules/records/trash/trash.routes.ts';
import { historyRoutes } from './modules/records/history/history.routes.ts';
import { duplicatesRoutes } from './modules/records/duplicates/duplicates.routes.ts';
import { mergesRoutes } from './modules/records/merges/merges.routes.ts';
import { filesRoutes } from './modules/access/files/files.routes.ts';
import { dealsRoutes } from './modules/deals/deals/deals.routes.ts';
import { salesItemsRoutes } from './modules/deals/sales-items/sales-items.routes.ts';
import { lostReasonsRoutes } from './modules/deals/lost-reasons/lost-reasons.routes.ts';
import { quotesRoutes } from './modules/deals/quotes/quotes.routes.ts';
import { salesInvoicesRoutes } from './modules/deals/sales-invoices/sales-invoices.routes.ts';
import { createSalesInvoicesDeps } from './modules/deals/sales-invoices/sales-invoices.deps.ts';
import { salesStagesRoutes } from './modules/deals/sales-stages/sales-stages.routes.ts';
import { activityItemsRoutes } from './modules/calendar/activity-items/activity-items.routes.ts';
import { automationRoutes } from './modules/calendar/automation/automation.routes.ts';
import { workflowsRoutes } from './modules/automation/workflows/workflows.routes.ts';
import { activityReportsRoutes } from './modules/reports/activity-reports/activity-reports.routes.ts';
import { schedulesRoutes } from './modules/calendar/schedules/schedules.routes.ts';
import { calendarSyncRoutes } from './modules/calendar/calendar-sync/calendar-sync.routes.ts';
import { mailboxesRoutes } from './modules/mail/mailboxes/mailboxes.routes.ts';
import { quoteMailboxSender } from './modules/mail/mailboxes/mailboxes.sends.ts';
import { registerQuoteMailbox } from './modules/deals/quotes/quotes.channels.ts';
import { businessesRoutes } from './modules/booking/businesses/businesses.routes.ts';
import { bookingServicesRoutes } from './modules/booking/booking-services/booking-services.routes.ts';
import { publicBookingRoutes, reservationsRoutes } from './modules/booking/reservations/reservations.routes.ts';
import { cardsRoutes, publicCardRoutes } from './modules/cards/cards/cards.routes.ts';
import { carddavProtocolRoutes, carddavRoutes } from './modules/cards/carddav/carddav.routes.ts';
import { importsRoutes } from './modules/imports/imports/imports.routes.ts';
import { backupsRoutes } from './modules/imports/backups/backups.routes.ts';
import { pdpaRoutes } from './modules/imports/pdpa/pdpa.routes.ts';
import { lineRoutes } from './modules/channels/line/line.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** PostgreSQL's URL (undefined on PGlite): for work that opens its own pool, as an import's thread does. */
    databaseUrl: string | undefined;
    mailer: Mailer;
    /** Tracked fire-and-forget work (mail); awaited on close. */
    background: Background;
  }
}

export interface BuildAppOptions {
  /** Pino options, or false for silence (tests). Defaults to the configured level. */
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: Config, database: Database, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  configureAuthCache(config.authCacheMs);
  configureReadCache(config.readCacheMs);
  wireContexts();
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        // The reset link token travels in a query string (docs/product.md), OAuth codes and states too, and the ICS
        // feed's secret is its path: keep them out of the logs.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.replace(/([?&](?:code|state)=)[^&]*/g, '$1[redacted]').replace(/(\/calendar-feed\/)[^/?]+/, '$1[redacted]').replace(/(\/line\/webhook\/)[^/?]+/, '$1[redacted]'),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // Our ids only: a client-chosen id could collide or forge log lines.
    requestIdHeader: false,
    // Unroutable URLs (malformed escapes, over-long parameters) answer in the envelope too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const background = createBackground(app.log);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log, background });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseUrl', database.kind === 'postgres' ? database.url : undefined);
  app.decorate('mailer', mailer);
  app.decorate('background', background);
  const billing = createBillingDeps(config, mailer);
  // E-invoice trouble (refusals, deadlines) goes to the server log as well as to the operators.
  billing.invoices.log = app.log;
  app.decorate('billing', billing);
  const salesInvoices = createSalesInvoicesDeps(config, mailer);
  salesInvoices.log = app.log;
  app.decorate('salesInvoices', salesInvoices);
  app.addHook('onClose', async () => {
    // Finish queued mail while the database is still open.
    await background.idle();
    mailer.close();
  });

  // First: the request's async context, where the auth guard names the actor of the events its writes leave.
  registerEventActor(app);
  // Settings → Audit log: the audited calls are written after their answer (audit-log.hooks.ts).
  registerAuditHooks(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The embedded database has one connection in the server's thread: background work waits while calls are answered.
  if (database.kind === 'pglite') requestsFirst(app);

  // Document the failure envelope on every API route (answers bypass this serializer; see sendFail).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema?.response) return;
    route.schema.response = { ...(route.schema.response as object), '4XX': failEnvelopeSchema, '5XX': failEnvelopeSchema };
  });

  const hasSpa = fs.existsSync(path.join(config.webDist, 'index.html'));
  // The served web build's id on every answer: a tab built from another one offers to reload (web shared/new-version.ts).
  const buildIdFile = path.join(config.webDist, 'build-id.txt');
  const buildId = fs.existsSync(buildIdFile) ? fs.readFileSync(buildIdFile, 'utf8').trim() : undefined;
  if (buildId) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(contract.buildIdHeader, buildId);
    });
  }
  registerErrorHandlers(app, { spaFallback: hasSpa ? appShell(config.webDist) : null });
  registerInputGuard(app);
  registerAuth(app);
  registerIdempotency(app);

  // TapPay Fields: its SDK script and card-field iframes come from TapPay (docs/decisions/0010).
  const tappayOrigin = config.billing.provider === 'tappay' ? [new URL(config.billing.tappay.sdkUrl).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...tappayOrigin],
        frameSrc: ["'self'", ...tappayOrigin],
        // antd (cssinjs) writes inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: protected images (files of the workspace: LINE pictures, the rich menu) are fetched with the session and
        // shown as object URLs (shared/ui/use-authorized-image.ts), as is a chosen file before its upload.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...tappayOrigin],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Closed unless CORS_ORIGINS lists origins: the SPA is served from the same origin.
  await app.register(fastifyCors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: zod's schemas map onto JSON Schema 2020-12 as they are (null is a type, no `nullable` keyword).
      openapi: '3.1.0',
      info: { title: 'Lodestar API', version: '0.1.0', description: 'Every answer is the envelope { result, data, errorMessage, errorCode }.' },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/login.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'lsk_… (workspace API key) or lsp_… (personal access token)',
            description: 'An API key (Settings → API keys) or a personal access token (Account → Personal access tokens), sent as `Authorization: Bearer lsk_…`. Accepted by the operations that name a scope (their description says which); rate-limited per key with RateLimit-* headers, 429 with Retry-After.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Named schemas (`.meta({ id })`, e.g. the recursive Tag) become components.schemas entries; raw endpoints' answers
    // come from the contract (platform/openapi-document.ts).
    transformObject: (document) => completeDocument(jsonSchemaTransformObject(document)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        operationId: 'platformHealth',
        summary: 'Platform: health',
        security: [],
        response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return ok({ status: 'ok' as const, database: database.kind });
    },
  );

  // Modules, explicitly.
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(organizationsRoutes, { prefix: '/api' });
  await app.register(privilegesRoutes, { prefix: '/api' });
  await app.register(membersRoutes, { prefix: '/api' });
  await app.register(departmentsRoutes, { prefix: '/api' });
  await app.register(rolesRoutes, { prefix: '/api' });
  await app.register(webhooksRoutes, { prefix: '/api' });
  await app.register(apiKeysRoutes, { prefix: '/api' });
  await app.register(auditLogRoutes, { prefix: '/api' });
  await app.register(mcpRoutes, { prefix: '/api' });
  await app.register(firstRunGuideRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  // Contact and company forms are multipart (avatar, one file); schedules carry up to 10 images. All within the body limit.
  await app.register(fastifyMultipart, { limits: { fileSize: config.bodyLimit, files: 10, fields: 100 } });
  await app.register(contactsRoutes, { prefix: '/api' });
  await app.register(companiesRoutes, { prefix: '/api' });
  await app.register(tagsRoutes, { prefix: '/api' });
  await app.register(customFieldsRoutes, { prefix: '/api' });
  await app.register(columnSettingsRoutes, { prefix: '/api' });
  await app.register(savedFiltersRoutes, { prefix: '/api' });
  await app.register(notesRoutes, { prefix: '/api' });
  await app.register(recordSummaryRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(trashRoutes, { prefix: '/api' });
  await app.register(historyRoutes, { prefix: '/api' });
  await app.register(duplicatesRoutes, { prefix: '/api' });
  await app.register(mergesRoutes, { prefix: '/api' });
  await app.register(filesRoutes, { prefix: '/api' });
  await app.register(salesStagesRoutes, { prefix: '/api' });
  await app.register(salesItemsRoutes, { prefix: '/api' });
  await app.register(lostReasonsRoutes, { prefix: '/api' });
  await app.register(quotesRoutes, { prefix: '/api' });
  await app.register(salesInvoicesRoutes(() => app.salesInvoices), { prefix: '/api' });
  await app.register(dealsRoutes, { prefix: '/api' });
  await app.register(statisticsRoutes, { prefix: '/api' });
  await app.register(activityItemsRoutes, { prefix: '/api' });
  await app.register(schedulesRoutes, { prefix: '/api' });
  await app.register(calendarSyncRoutes, { prefix: '/api' });
  await app.register(mailboxesRoutes, { prefix: '/api' });
  // mail → deals: a quote is e-mailed from the sender's own mailbox. Here rather than in wiring.ts, which an import
  // thread loads and which must not reach the mail clients (.dependency-cruiser.cjs import-thread-stays-small).
  registerQuoteMailbox(quoteMailboxSender);
  await app.register(automationRoutes, { prefix: '/api' });
  await app.register(activityReportsRoutes, { prefix: '/api' });
  // Per-route limits only (the public booking calls); in memory, per process.
  await app.register(fastifyRateLimit, { global: false });
  // After the rate limiter: the webhook-in URL is limited per workflow.
  await app.register(workflowsRoutes, { prefix: '/api' });
  await app.register(appleSignInRoutes, { prefix: '/api' });
  await app.register(subscriptionsRoutes, { prefix: '/api' });
  await app.register(invoicesRoutes(() => app.billing.invoices), { prefix: '/api' });
  await app.register(operatorConsoleRoutes, { prefix: '/api' });
  await app.register(businessesRoutes, { prefix: '/api' });
  await app.register(bookingServicesRoutes, { prefix: '/api' });
  await app.register(reservationsRoutes, { prefix: '/api' });
  await app.register(publicBookingRoutes, { prefix: '/api' });
  await app.register(cardsRoutes, { prefix: '/api' });
  await app.register(publicCardRoutes, { prefix: '/api' });
  await app.register(carddavRoutes, { prefix: '/api' });
  // The address book for phones (/carddav/, /.well-known/carddav): WebDAV methods and XML, outside /api.
  await app.register(carddavProtocolRoutes);
  await app.register(importsRoutes, { prefix: '/api' });
  await app.register(backupsRoutes, { prefix: '/api' });
  await app.register(pdpaRoutes, { prefix: '/api' });
  await app.register(lineRoutes, { prefix: '/api' });
  // The contract's schemas that several operations answer with become named OpenAPI components (before the document is built).
  nameSharedSchemas(contract);

  if (hasSpa) {
    // Files of the built SPA (precompressed, cached by hash); anything else that is not /api falls back to index.html (not-found handler).
    await registerWebApp(app, config.webDist);
    // The public booking page (/book/{idName}) is its own small entry, book.html, without the staff app.
    if (fs.existsSync(path.join(config.webDist, 'book.html'))) {
      app.get('/book/*', { schema: { hide: true } }, (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('book.html'),
      );
    }
    // The public business card page (/card/{slug}) likewise: card.html, its own small entry.
    if (fs.existsSync(path.join(config.webDist, 'card.html'))) {
      app.get('/card/*', { schema: { hide: true } }, (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('card.html'),
      );
    }
    // The customer's quote page (/q/{token}) likewise: quote.html, its own small entry.
    if (fs.existsSync(path.join(config.webDist, 'quote.html'))) {
      app.get('/q/*', { schema: { hide: true } }, (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').sendFile('quote.html'),
      );
    }
    // A marketing e-mail's unsubscribe link (/unsubscribe?t=…, imports/pdpa/pdpa.unsubscribe.ts): unsubscribe.html.
    if (fs.existsSync(path.join(config.webDist, 'unsubscribe.html'))) {
      app.get('/unsubscribe', { schema: { hide: true } }, (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').sendFile('unsubscribe.html'),
      );
    }
  }

  return app;
}
