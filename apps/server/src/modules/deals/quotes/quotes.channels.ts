import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { Mailer, MailMessage } from '../../../platform/mail.ts';
import type { Actor } from '../../access/privileges/access-core.ts';

/**
 * The ways a quote reaches its buyer besides the system mail. Mail (the sender's own mailbox) and channels (LINE) sit
 * above deals, so they plug in here (apps/server/src/wiring.ts) and quotes never import them.
 */

export interface QuoteSendContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface QuoteMailbox {
  /** The sender's connected mailbox address, or null (the system mail sends). */
  addressOf(db: Db, actor: Actor): Promise<string | null>;
  /** Sends from the sender's own mailbox (kept in its Sent folder and on the contact's timeline); throws when refused. */
  send(context: QuoteSendContext, actor: Actor, message: MailMessage): Promise<void>;
}

export interface QuoteLine {
  /** The contact is linked to a followed friend of the workspace's connected official account. */
  reachable(db: Db, orgId: string, contactId: string): Promise<boolean>;
  /** Queues a push of `text` to that friend once per `source` (sent by LINE's push job); false when not reachable. */
  queue(db: Db, orgId: string, contactId: string, source: string, text: string): Promise<boolean>;
}

const channels: { mailbox: QuoteMailbox | null; line: QuoteLine | null } = { mailbox: null, line: null };

export function registerQuoteMailbox(mailbox: QuoteMailbox): void {
  channels.mailbox = mailbox;
}

export function registerQuoteLine(line: QuoteLine): void {
  channels.line = line;
}

export const quoteMailbox = () => channels.mailbox;
export const quoteLine = () => channels.line;
