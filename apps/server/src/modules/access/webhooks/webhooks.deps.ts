import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { lazySecrets } from '../../../platform/secrets.ts';
import type { DeliveryDeps } from './webhooks.delivery.ts';
import type { WebhookDeps } from './webhooks.service.ts';

export function createWebhookDeps(config: Config): WebhookDeps {
  return { secrets: lazySecrets(config), blockPrivateAddresses: config.outboundHosts.blockPrivate };
}

/** What the delivery job needs from a built app (server.ts, tests). */
export function deliveryDeps(app: FastifyInstance, overrides: Partial<DeliveryDeps> = {}): DeliveryDeps {
  return { ...createWebhookDeps(app.config), mailer: app.mailer, publicUrl: app.config.publicUrl, log: app.log, ...overrides };
}
