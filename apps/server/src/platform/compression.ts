import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers compressed for the browsers that accept it. The embedded server is what a small team puts on the
 * internet (the README's `npm start`), with no proxy in front to do it; a phone on slow 4G moves 1.6 Mbit/s, where a
 * 30 KB contact page costs 150 ms and a 500 KB calendar month 2.5 s — compressed, a tenth. Fast settings (brotli 4,
 * gzip 4): the CPU spent is a fraction of what serializing the answer took. The web app's own files are compressed
 * at build time instead (static-files.ts).
 */
export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Below this a compressed copy saves less than it costs (as for the web app's files, apps/web/precompress.ts). */
const compressFromBytes = 1024;

/**
 * The encoding to answer `bytes` in for a request's Accept-Encoding (brotli first: browsers offer it over HTTPS), or
 * null to send it as it is.
 */
export function encodingFor(bytes: number, acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header || bytes < compressFromBytes) return null;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return null;
}

/**
 * From this size an answer compressed for one request takes the fastest levels: a 514 KB calendar month costs 0.5 ms
 * at brotli 1 against 2.0 at 4 (25 KB against 19) and 1.0 ms at gzip 1 against 2.9 (36 KB against 32) — the larger
 * the answer, the more of the request's CPU its compression is. An answer kept by the read cache is compressed once
 * and sent many times: it keeps the smaller levels.
 */
const fastFromBytes = 64 * 1024;

export function compress(bytes: Buffer | string, encoding: ContentEncoding, sentOnce = true): Promise<Buffer> {
  const fast = sentOnce && Buffer.byteLength(bytes) >= fastFromBytes;
  return encoding === 'br'
    ? brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: fast ? 1 : 4 } })
    : gzip(bytes, { level: fast ? 1 : 4 });
}

/**
 * onSend: every JSON answer to a read of 1 KB or more that is not already encoded (a kept answer brings its own copy).
 * Reads only: a write's answer is small, and an idempotent write's is kept as text by a later onSend
 * (idempotency.ts) to be replayed.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    reply.header('vary', 'Accept-Encoding');
    const encoding = encodingFor(Buffer.byteLength(payload), request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    return compress(payload, encoding);
  });
}
