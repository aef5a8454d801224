import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { BlockedAddressError, guardedLookup, isPrivateAddress } from '../../../platform/outbound-hosts.ts';

/**
 * The one module that calls receivers (docs/decisions/0018-events-outbox-and-webhooks.md): Standard Webhooks
 * signatures, and the SSRF guard of platform/outbound-hosts.ts — when `blockPrivate` is on every address a host
 * resolves to must be public, checked at connect time, IP literals too; redirects are never followed (a 3xx is a failed attempt).
 */

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the secret's base64 part (Standard Webhooks). */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Whether a URL may be a webhook's: https, or http to localhost when private addresses are allowed (not production). */
export function urlAllowed(url: string, blockPrivate: boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'http:') return !blockPrivate && (host === 'localhost' || host === '127.0.0.1' || host === '::1');
  if (parsed.protocol !== 'https:') return false;
  return !(blockPrivate && (host === 'localhost' || (net.isIP(host) !== 0 && isPrivateAddress(host))));
}

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The first bytes of the answer. */
  response: string | null;
}

const responseLimit = 1024;

/** POSTs one signed delivery; never throws. */
export function sendWebhook(input: { url: string; secret: string; id: string; body: string; blockPrivate: boolean; timeoutMs?: number }): Promise<SendResult> {
  const started = performance.now();
  const done = (result: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...result, latencyMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      return resolve(done({ statusCode: null, error: 'invalid URL', response: null }));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (input.blockPrivate && net.isIP(host) !== 0 && isPrivateAddress(host)) {
      return resolve(done({ statusCode: null, error: new BlockedAddressError(host).message, response: null }));
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        timeout: input.timeoutMs ?? 10_000,
        ...(input.blockPrivate ? { lookup: guardedLookup } : {}),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Lodestar-Webhooks/1',
          'webhook-id': input.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(input.secret, input.id, timestamp, input.body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < responseLimit) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, responseLimit);
          resolve(done({ statusCode: status, error: status >= 300 && status < 400 ? 'redirect not followed' : null, response: text || null }));
        });
        response.on('error', (error) => resolve(done({ statusCode: response.statusCode ?? null, error: error.message, response: null })));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve(done({ statusCode: null, error: error.message || 'request failed', response: null })));
    request.end(input.body);
  });
}
