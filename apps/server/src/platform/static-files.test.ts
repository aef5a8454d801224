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
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/main-AbC123xy.js"></script></head><body>${'<!-- shell -->'.repeat(100)}</body></html>`;
function writeBuilt(relative: string, content: string) {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}
writeBuilt('index.html', indexHtml);
writeBuilt('assets/main-AbC123xy.js', script);
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
