import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const immutableCache = 'public, max-age=31536000, immutable';

/**
 * The cache rule for a file of the built web app: Vite names everything under assets/ by its content hash, so
 * those never change and are cached for a year; the rest (index.html, book.html, favicon) is revalidated on
 * every visit so a new build is picked up at once.
 */
export function cacheControlFor(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath);
  return relative.startsWith(`assets${path.sep}`) ? immutableCache : 'no-cache';
}

/**
 * Serves the built SPA. The build writes a .br and a .gz beside every text file (apps/web/precompress.ts):
 * the one the browser accepts is sent as is, with `Vary: Accept-Encoding`, so no CPU goes into compressing
 * per request. The not-found handler's index.html fallback (platform/errors.ts) goes through the same rules.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(webDist, filePath));
    },
  });
}
