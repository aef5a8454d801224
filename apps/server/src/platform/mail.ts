import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { likePatterns } from './events.ts';
import type { Background } from './background.ts';
import { mailOutbox } from './mail.table.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (an ICS invitation); the development outbox keeps only the text. */
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface Mailer {
  /** Queues the message in the background: never awaited by a request, errors are logged. */
  send(message: MailMessage): void;
  /** Sends now and resolves once the server took it (a job's own retries and sent-marker around it); throws on failure. */
  deliver(message: MailMessage & { messageId: string }): Promise<void>;
  /** 'smtp' or 'outbox', for the start-up log. */
  transport: 'smtp' | 'outbox';
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  background: Background;
}): Mailer {
  const { db, log, background } = options;
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      send(message) {
        background.run('mail', async () => {
          await transporter.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, attachments: message.attachments });
          log.info({ to: message.to, subject: message.subject }, 'mail sent');
        });
      },
      async deliver(message) {
        await transporter.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, messageId: `<${message.messageId}>` });
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    send(message) {
      background.run('mail', async () => {
        await db.insert(mailOutbox).values({ recipient: message.to, subject: message.subject, text: message.text });
        // Without SMTP the console is the inbox: `npm start` users read their codes here.
        log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (development outbox)');
      });
    },
    async deliver(message) {
      await db.insert(mailOutbox).values({ recipient: message.to, subject: message.subject, text: message.text });
      log.info({ to: message.to, subject: message.subject, messageId: message.messageId }, 'mail (development outbox)');
    },
    close: () => {},
  };
}

/**
 * A person's erasure (Taiwan PDPA): the development outbox's copies of mail that named them (a card exchange's notice
 * to the card's owner). The outbox has no workspace column — it only exists without SMTP_URL, on development servers.
 */
export async function forgetOutboxMail(db: Db | Tx, needles: string[]): Promise<void> {
  const patterns = likePatterns(needles);
  if (patterns.length === 0) return;
  const any = sql`any(array[${sql.join(patterns.map((p) => sql`${p}`), sql`, `)}]::text[])`;
  await db.execute(sql`delete from mail_outbox where subject ilike ${any} or text ilike ${any} or recipient ilike ${any}`);
}
