import type { FastifyBaseLogger } from 'fastify';
import type { InvoicesConfig } from '../../../config.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { createEcpayInvoiceClient } from './ecpay-invoice.client.ts';
import type { InvoiceProvider } from './invoice-provider.ts';
import { createTestModeInvoiceProvider } from './test-mode-provider.ts';

/** What issuing works with: the configured provider, the seller, operators to alert, a clock. */
export interface InvoicesDeps {
  config: InvoicesConfig;
  provider: InvoiceProvider;
  mailer: Mailer;
  operatorEmails: string[];
  publicUrl: string;
  now: () => Date;
  log?: FastifyBaseLogger;
}

export function createInvoicesDeps(
  options: { config: InvoicesConfig; mailer: Mailer; operatorEmails: string[]; publicUrl: string },
  overrides: Partial<Pick<InvoicesDeps, 'provider' | 'now'>> = {},
): InvoicesDeps {
  const now = overrides.now ?? (() => new Date());
  return {
    ...options,
    now,
    provider: overrides.provider ?? (options.config.provider === 'ecpay' ? createEcpayInvoiceClient(options.config.ecpay) : createTestModeInvoiceProvider(now)),
  };
}
