import type { OAuthMailProvider } from '@lodestar/contract';
import type { CalendarProviderConfig, Config } from '../../../config.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { lazySecrets, type Secrets } from '../../../platform/secrets.ts';
import { createGmailApi } from './mailboxes.gmail.ts';
import { createGraphApi } from './mailboxes.graph.ts';
import type { MailApi } from './mailboxes.remote.ts';
import type { MailboxRow } from './mailboxes.repository.ts';
import type { ServerSettings } from './mailboxes.transport.ts';

/** What sync, send and connect need, built once from the config (routes, the job, tests). */
export interface MailDeps {
  secrets: Secrets;
  /** config.outboundHosts.blockPrivate: the SSRF guard on the hosts members name. */
  blockPrivate: boolean;
  publicUrl: string;
  /** The calendar's Google and Microsoft OAuth clients (config google / outlook), and the mail APIs behind them. */
  oauth: Record<OAuthMailProvider, CalendarProviderConfig>;
  apis: Record<OAuthMailProvider, MailApi>;
  /** The system mail, for the failing-for-a-day notice (null: the bell only). */
  mailer: Mailer | null;
}

export function createMailDeps(config: Pick<Config, 'encryptionKey' | 'dataDir' | 'outboundHosts' | 'publicUrl' | 'google' | 'outlook'>, mailer: Mailer | null = null): MailDeps {
  const secrets = lazySecrets(config);
  return {
    get secrets() {
      return secrets();
    },
    blockPrivate: config.outboundHosts.blockPrivate,
    publicUrl: config.publicUrl,
    oauth: { gmail: config.google, outlook: config.outlook },
    apis: { gmail: createGmailApi(config.google), outlook: createGraphApi(config.outlook) },
    mailer,
  };
}

/** A claim holds this long; each chunk or page renews it, so only a dead run's lease runs out. */
export const leaseSeconds = 5 * 60;

export function serverSettings(deps: MailDeps, mailbox: MailboxRow): ServerSettings {
  return { ...mailbox, password: deps.secrets.decrypt(mailbox.password), blockPrivate: deps.blockPrivate };
}
