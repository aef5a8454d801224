import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import { startDovecot, type Dovecot } from './dovecot.ts';
import { freePort } from './line-double.ts';

/**
 * The mailbox tests' real servers: Dovecot for IMAP (test/dovecot.ts) and nodemailer's smtp-server for SMTP, which
 * checks the login like a real submission server and keeps what it was given. Mail reaches the IMAP mailbox the way
 * a real client puts it there (imapflow APPEND).
 */
export interface MailServers {
  imap: Dovecot;
  smtpPort: number;
  /** Delivered through SMTP: envelope and raw message. */
  delivered: { from: string; to: string[]; raw: string }[];
  /** Puts a raw message in a user's folder as a real client would. */
  append(user: string, password: string, raw: string, folder?: string, date?: Date): Promise<void>;
  stop(): Promise<void>;
}

export async function startMailServers(logins: Record<string, string>): Promise<MailServers> {
  const imap = await startDovecot();
  for (const [user, password] of Object.entries(logins)) imap.addUser(user, password);
  const delivered: MailServers['delivered'] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username && logins[auth.username] === auth.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  return {
    imap,
    smtpPort,
    delivered,
    async append(user, password, raw, folder = 'INBOX', date) {
      const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user, pass: password }, logger: false });
      await client.connect();
      await client.append(folder, raw, [], date);
      await client.logout();
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await imap.stop();
    },
  };
}

/** A raw RFC 5322 message (CRLF), headers as given. */
export function rawMessage(headers: Record<string, string>, body: string): string {
  return `${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\nMIME-Version: 1.0\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`;
}

/**
 * A multipart/mixed message with a text body and files, each name written as RFC 2231 (`filename*=UTF-8''…`), the
 * way mail clients send CJK names; the parts are base64.
 */
export function messageWithFiles(headers: Record<string, string>, text: string, files: { name: string; type: string; content: Buffer }[]): string {
  const boundary = 'lodestar-test-boundary';
  const encoded = (name: string) => `UTF-8''${encodeURIComponent(name)}`;
  const parts = [
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(text).toString('base64')}`,
    ...files.map(
      (file) =>
        `--${boundary}\r\nContent-Type: ${file.type}; name*=${encoded(file.name)}\r\nContent-Disposition: attachment; filename*=${encoded(file.name)}\r\nContent-Transfer-Encoding: base64\r\n\r\n${file.content.toString('base64').replace(/.{76}/g, '$&\r\n')}`,
    ),
  ];
  return rawMessage({ ...headers, 'Content-Type': `multipart/mixed; boundary="${boundary}"` }, `${parts.join('\r\n')}\r\n--${boundary}--`);
}
