import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { lazySecrets, type Secrets } from '../../../platform/secrets.ts';
import { checkEcpayCredentials, createEcpayInvoiceClient } from '../../billing/invoices/ecpay-invoice.client.ts';
import { InvoiceRejectedError, type InvoiceProvider } from '../../billing/invoices/invoice-provider.ts';
import { createTestModeInvoiceProvider } from '../../billing/invoices/test-mode-provider.ts';
import type { SalesInvoiceSettingsRow } from './sales-invoices.repository.ts';

/**
 * What a workspace's e-invoices work with: its own ECPay merchant (keys decrypted only here, at the call) at the
 * configured base URL (ECPAY_INVOICE_API_URL, the same service Lodestar's own invoices use), or the shared
 * zero-setup test provider; operators to alert; a clock.
 */
export interface SalesInvoicesDeps {
  apiUrl: string;
  readonly secrets: Secrets;
  testProvider: InvoiceProvider;
  mailer: Mailer;
  operatorEmails: string[];
  publicUrl: string;
  now: () => Date;
  fetchImpl?: typeof fetch;
  log?: FastifyBaseLogger;
}

export function createSalesInvoicesDeps(config: Config, mailer: Mailer, overrides: Partial<Pick<SalesInvoicesDeps, 'now' | 'fetchImpl'>> = {}): SalesInvoicesDeps {
  const secrets = lazySecrets(config);
  const now = overrides.now ?? (() => new Date());
  return {
    apiUrl: config.billing.invoices.ecpay.apiUrl,
    // Loaded on first use, so a server whose workspaces never store keys never writes a key file.
    get secrets() {
      return secrets();
    },
    testProvider: createTestModeInvoiceProvider(now),
    mailer,
    operatorEmails: config.operatorEmails,
    publicUrl: config.publicUrl,
    now,
    fetchImpl: overrides.fetchImpl,
  };
}

function merchantOf(deps: SalesInvoicesDeps, settings: SalesInvoiceSettingsRow | undefined) {
  if (!settings?.merchantId || !settings.hashKey || !settings.hashIv) return undefined;
  return { apiUrl: deps.apiUrl, merchantId: settings.merchantId, hashKey: deps.secrets.decrypt(settings.hashKey), hashIv: deps.secrets.decrypt(settings.hashIv) };
}

/** The provider an invoice of this mode goes through; an ECPay invoice whose keys were removed is refused (failed, visible). */
export function providerFor(deps: SalesInvoicesDeps, mode: 'test' | 'ecpay', settings: SalesInvoiceSettingsRow | undefined): InvoiceProvider {
  if (mode === 'test') return deps.testProvider;
  const merchant = merchantOf(deps, settings);
  if (!merchant) {
    const missing = () => Promise.reject(new InvoiceRejectedError('settings', 'the workspace has no ECPay credentials'));
    return { name: 'ecpay', issue: missing, findIssued: missing, void: missing, allowance: missing };
  }
  return createEcpayInvoiceClient(merchant, deps.fetchImpl);
}

export async function checkConnection(deps: SalesInvoicesDeps, settings: SalesInvoiceSettingsRow | undefined): Promise<{ ok: boolean; message: string | null }> {
  if (settings?.mode !== 'ecpay') return { ok: true, message: null };
  const merchant = merchantOf(deps, settings);
  if (!merchant) return { ok: false, message: 'no credentials' };
  return checkEcpayCredentials(merchant, deps.fetchImpl);
}
