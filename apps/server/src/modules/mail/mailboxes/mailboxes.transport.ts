import type { MailProblem, MailSecurity } from '@lodestar/contract';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { BlockedAddressError, publicAddress } from '../../../platform/outbound-hosts.ts';

/**
 * The one door to a mailbox's servers: IMAP (imapflow) to read and to file sent copies, SMTP (nodemailer) to send.
 * Every failure becomes a MailProblem the user can act on (wrong password, host unreachable…).
 */
export interface ServerSettings {
  imapHost: string;
  imapPort: number;
  imapSecurity: MailSecurity;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: MailSecurity;
  username: string;
  password: string;
  /** The SSRF guard (config outboundHosts): connect only to public addresses, pinned at lookup. */
  blockPrivate: boolean;
}

const timeoutMs = 15_000;

export class MailServerError extends Error {
  constructor(
    readonly problem: MailProblem,
    message: string,
  ) {
    super(message);
  }
}

/** A failure of either protocol in plain words. */
export function classify(error: unknown): MailServerError {
  if (error instanceof MailServerError) return error;
  if (error instanceof BlockedAddressError) return new MailServerError('unreachable', error.message);
  const e = (error ?? {}) as { code?: string; authenticationFailed?: boolean; responseCode?: number; message?: string; responseText?: string };
  const message = (e.responseText || e.message || String(error)).slice(0, 500);
  const code = e.code ?? '';
  if (e.authenticationFailed || code === 'EAUTH' || code === 'AUTHENTICATIONFAILED' || e.responseCode === 535) return new MailServerError('authFailed', message);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'ECONNECTION', 'NoConnection', 'ClosedAfterConnectText'].includes(code))
    return new MailServerError('unreachable', message);
  // nodemailer reports socket failures as ESOCKET with the system's code in the message.
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ECONNRESET/.test(message)) return new MailServerError('unreachable', message);
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || code === 'CONNECT_TIMEOUT' || /timed? ?out/i.test(message)) return new MailServerError('timeout', message);
  if (code === 'ETLS' || code.startsWith('ERR_SSL') || code.includes('CERT') || /TLS|SSL|certificate/i.test(message)) return new MailServerError('tlsFailed', message);
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || (e.responseCode ?? 0) >= 500) return new MailServerError('rejected', message);
  return new MailServerError('unknown', message);
}

/** An IMAP session, logged in; the caller logs out. */
export async function openImap(settings: ServerSettings): Promise<ImapFlow> {
  const host = await publicAddress(settings.imapHost, settings.blockPrivate).catch((error: unknown) => {
    throw classify(error);
  });
  const client = new ImapFlow({
    host,
    // TLS still checks the certificate against the name the user gave, not the pinned address.
    servername: settings.imapHost,
    port: settings.imapPort,
    secure: settings.imapSecurity === 'tls',
    doSTARTTLS: settings.imapSecurity === 'starttls' ? true : settings.imapSecurity === 'none' ? false : undefined,
    auth: { user: settings.username, pass: settings.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 5 * 60_000,
  });
  // A dropped connection emits 'error'; the awaiting call rejects on its own.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw classify(error);
  }
  return client;
}

export async function smtpTransport(settings: ServerSettings) {
  const host = await publicAddress(settings.smtpHost, settings.blockPrivate).catch((error: unknown) => {
    throw classify(error);
  });
  return nodemailer.createTransport({
    host,
    tls: { servername: settings.smtpHost },
    port: settings.smtpPort,
    secure: settings.smtpSecurity === 'tls',
    requireTLS: settings.smtpSecurity === 'starttls',
    ignoreTLS: settings.smtpSecurity === 'none',
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 60_000,
  });
}

/** "Test connection": log in to each side, then leave. */
export async function testServers(settings: ServerSettings): Promise<{ imap: MailServerError | null; smtp: MailServerError | null }> {
  const imap = openImap(settings).then(
    async (client) => {
      await client.logout().catch(() => undefined);
      return null;
    },
    (error: unknown) => classify(error),
  );
  const smtp = (async () => {
    try {
      const transport = await smtpTransport(settings);
      try {
        await transport.verify();
        return null;
      } finally {
        transport.close();
      }
    } catch (error) {
      return classify(error);
    }
  })();
  return { imap: await imap, smtp: await smtp };
}
