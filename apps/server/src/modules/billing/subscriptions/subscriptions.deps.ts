import type { Config } from '../../../config.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { createSecrets, loadEncryptionKey, type Secrets } from '../../../platform/secrets.ts';
import { createInvoicesDeps, type InvoicesDeps } from '../invoices/invoices.deps.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createTapPayProvider } from './tappay-provider.ts';

/** What billing works with: the configured gateway, secrets for saved cards and notify tokens, mail, a clock. */
export interface BillingDeps {
  config: Config;
  provider: PaymentProvider;
  readonly secrets: Secrets;
  mailer: Mailer;
  /** The clock (tests move it to run renewals "24 hours before the end"). */
  now: () => Date;
  /** E-invoices of the charges (docs/decisions/0021). */
  invoices: InvoicesDeps;
}

export function createBillingDeps(config: Config, mailer: Mailer, overrides: Partial<Pick<BillingDeps, 'provider' | 'now'>> = {}): BillingDeps {
  let secrets: Secrets | undefined;
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    mailer,
    invoices: createInvoicesDeps({ config: config.billing.invoices, mailer, operatorEmails: config.operatorEmails, publicUrl: config.publicUrl }, { now: () => now() }),
    provider: overrides.provider ?? (config.billing.provider === 'tappay' ? createTapPayProvider(config.billing.tappay) : createSandboxProvider(config.publicUrl)),
    now,
    // Loaded on first use, so a server that never takes a payment never writes a key file.
    get secrets() {
      secrets ??= createSecrets(loadEncryptionKey(config));
      return secrets;
    },
  };
}
