import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  body: string;
  /** Whether the independent Standard Webhooks implementation accepted the signature. */
  verified: boolean;
  status: number;
}

/**
 * A local webhook receiver: checks every request with the `standardwebhooks` package (not our code) and answers
 * what `answer` says — a status, or 'hang' to never answer (a delivery killed mid-flight).
 */
export async function webhookReceiver(options: { answer?: (index: number) => number | 'hang' } = {}) {
  let secret = '';
  const received: ReceivedWebhook[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      try {
        new Webhook(secret).verify(body, request.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const answer = options.answer?.(received.length) ?? 204;
      received.push({ id: String(request.headers['webhook-id']), body, verified, status: answer === 'hang' ? 0 : answer });
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/hooks`,
    received,
    setSecret(value: string) {
      secret = value;
    },
    /** Ids answered 2xx, with how many times each. */
    acceptedCounts(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const r of received.filter((r) => r.status >= 200 && r.status < 300)) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      return counts;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
