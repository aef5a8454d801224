import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

/**
 * A real SMTP server that stores each delivered message as a file, so journeys read mail the way
 * a user would receive it — no mock of our own mail code.
 */
export async function startMailSink(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = join(dir, `${Date.now()}-${String(++counter).padStart(4, '0')}.json`);
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Waits for the newest message to `to` that matches `pattern` and returns the first capture group. */
export async function waitForMail(dir: string, to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      const message = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string };
      if (!message.to.includes(to.toLowerCase())) continue;
      const email = await PostalMime.parse(message.raw);
      const match = `${email.subject ?? ''}\n${email.text ?? ''}\n${email.html ?? ''}`.match(pattern);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
