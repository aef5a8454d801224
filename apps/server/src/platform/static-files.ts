import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** What the web build writes beside index.html (apps/web/start-preloads.ts). */
interface StartPreloads {
  pages: { path: string; files: string[] }[];
  /** antd's styles extracted at build time (apps/web/antd-static-styles.ts); absent in older builds. */
  styles?: string[];
}

interface ShellVariant {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** index.html's header bar for the first load of a workspace page (apps/web/index.html), hidden elsewhere. */
const hiddenBootFrame = '<div id="boot-frame" class="boot-frame" hidden';

/**
 * index.html for a workspace address (`files`: its modulepreload links; `styles`: stylesheets preloaded, which the app
 * applies before its first render, apps/web/src/shared/antd-static-styles.ts), or as it is (`files` null: any other address).
 */
function shellVariant(indexHtml: string, files: string[] | null, styles: string[]): ShellVariant {
  const links = [
    ...styles.map((file) => `<link rel="preload" as="style" href="/${file}" data-antd-styles>`),
    ...(files ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const html = files
    ? indexHtml
        .replace(/([ \t]*)<\/head>/, (_, indent: string) => `${links.map((link) => `${indent}  ${link}\n`).join('')}${indent}</head>`)
        // Every start page is a workspace page: the app's header bar shows while its first render loads.
        .replace(hiddenBootFrame, '<div id="boot-frame" class="boot-frame"')
    : indexHtml;
  const raw = Buffer.from(html);
  return { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw), etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"` };
}

/**
 * The SPA shell for a client-side route (the not-found handler's fallback, platform/errors.ts). For an address the
 * build lists in start-preloads.json (a workspace page, the contact list, the deal board, the calendar) index.html
 * also names the chunks that page imports before it paints, as modulepreload links: the browser fetches them beside
 * the entry, not after the entry has run and asked for them. A build without the file gets index.html as it is.
 * Both files are read again when index.html changes (a new build under a running server).
 */
export function appShell(webDist: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const indexPath = path.join(webDist, 'index.html');
  let loadedAt = -1;
  let pages: { pattern: RegExp; files: string[] }[] = [];
  let styles: string[] = [];
  let indexHtml = '';
  const variants = new Map<number, ShellVariant>();
  const reload = () => {
    const modified = fs.statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (modified === loadedAt) return;
    loadedAt = modified;
    variants.clear();
    indexHtml = fs.readFileSync(indexPath, 'utf8');
    try {
      const preloads = JSON.parse(fs.readFileSync(path.join(webDist, 'start-preloads.json'), 'utf8')) as StartPreloads;
      pages = preloads.pages.map((page) => ({ pattern: new RegExp(page.path), files: page.files }));
      styles = preloads.styles ?? [];
    } catch {
      pages = [];
      styles = [];
    }
  };
  return (request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    reload();
    const pathname = request.url.split('?')[0] ?? '';
    // Any other address gets index.html as it is, from memory too: sendFile after the static route's own pre-compressed
    // lookups for the address left each such response with more close listeners than Node's warning limit.
    const index = pages.findIndex((page) => page.pattern.test(pathname));
    let variant = variants.get(index);
    if (!variant) variants.set(index, (variant = shellVariant(indexHtml, index < 0 ? null : pages[index]!.files, index < 0 ? [] : styles)));
    reply.header('etag', variant.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.raw);
  };
}
