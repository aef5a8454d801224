import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { immutableCache } from './static-files.ts';

// A built web app as apps/web/precompress.ts leaves it: every text file with a .br and a .gz beside it.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-web-dist-'));
const script = `console.log(${JSON.stringify('lodestar '.repeat(400))});`;
const bootFrame = '<div id="boot-frame" class="boot-frame" hidden aria-hidden="true"><span>Lodestar</span></div>';
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/main-AbC123xy.js"></script></head><body>${bootFrame}${'<!-- shell -->'.repeat(100)}</body></html>`;
function writeBuilt(relative: string, content: string) {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}
writeBuilt('index.html', indexHtml);
writeBuilt('assets/main-AbC123xy.js', script);
// apps/web/start-preloads.ts: the contact list's chunks, then any other workspace address's.
const orgId = '2f9c1e52-4b7a-4c1e-9d3a-6a1f0b2c3d4e';
fs.writeFileSync(
  path.join(webDist, 'start-preloads.json'),
  JSON.stringify({
    pages: [
      { path: '^/[0-9a-f-]{36}/contact/list/?$', files: ['assets/frame-F1.js', 'assets/contact-list-page-C1.js'] },
      { path: '^/[0-9a-f-]{36}/.*/?$', files: ['assets/frame-F1.js'] },
    ],
    styles: ['assets/antd-0a1b2c3d4e.css'],
  }),
);
const preloadLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('serving the built web app', () => {
  it('sends a hashed asset brotli-compressed when the browser accepts it, cached for a year', async () => {
    const response = await get('/assets/main-AbC123xy.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(immutableCache);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, with the same caching', async () => {
    const gzipped = await get('/assets/main-AbC123xy.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.headers['cache-control']).toBe(immutableCache);

    const plain = await get('/assets/main-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(immutableCache);
  });

  it('revalidates index.html on every visit, at / and on client-side routes, compressed too', async () => {
    for (const url of ['/', '/member/login', '/some-org/contact/list', `/${orgId}/contact/list`]) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain('<script type="module" src="/assets/main-AbC123xy.js"></script>');
    }
  });

  it("names a start page's chunks as modulepreload links in its index.html, and only the frame's elsewhere in a workspace", async () => {
    const list = brotliDecompressSync((await get(`/${orgId}/contact/list?sortBy=name`, 'br')).rawPayload).toString();
    expect(list).toContain(`${preloadLink('assets/frame-F1.js')}`);
    expect(list).toContain(`${preloadLink('assets/contact-list-page-C1.js')}`);
    expect(list.indexOf(preloadLink('assets/frame-F1.js'))).toBeLessThan(list.indexOf('</head>'));

    const home = (await get(`/${orgId}/index`)).body;
    expect(home).toContain(preloadLink('assets/frame-F1.js'));
    expect(home).not.toContain('contact-list-page');
    // A workspace page shows index.html's header bar while it loads (the sign-in pages below keep it hidden), and
    // preloads antd's build-time styles (apps/web/antd-static-styles.ts), which the app applies before its first render.
    for (const page of [list, home]) {
      expect(page).toContain('<div id="boot-frame" class="boot-frame" aria-hidden="true">');
      expect(page).toContain('<link rel="preload" as="style" href="/assets/antd-0a1b2c3d4e.css" data-antd-styles>');
    }

    // Not a workspace address: index.html as built.
    for (const url of ['/member/login', '/org/create', '/some-org/contact/list']) {
      const response = await get(url, 'br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it('answers a start page revalidation with 304 while the build is the same, in gzip too', async () => {
    const first = await get(`/${orgId}/contact/list`, 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(first.rawPayload).toString()).toContain(preloadLink('assets/contact-list-page-C1.js'));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: `/${orgId}/contact/list`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves index.html unchanged where no start page matches, as before', async () => {
    for (const url of ['/', '/member/login', '/some-org/contact/list']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it('does not cache files outside assets/ for long, and API answers are never served as files', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const api = await get('/api/no-such-route', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });
});
