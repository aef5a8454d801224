/* global self, caches, Request, Response, URL, fetch */
/*
 * Lodestar's service worker (docs/product.md#installable-app), written to dist/sw.js by the build with its id in
 * `version` (apps/web/vite.config.ts): a new build is a new worker, which open tabs announce with the new-version
 * notice (apps/web/src/shared/service-worker.ts).
 *
 * - Pages (navigations): the network first; offline, the last app shell that loaded (the SPA routes on the device).
 * - /assets/*: named by content hash, so cached on first use and served from the cache after (they never change).
 * - The API and everything else go to the network untouched: no answer with personal data is kept here (the
 *   offline outbox keeps the writes waiting to be sent, in IndexedDB, not here).
 */
const version = '__BUILD_ID__';
const shellCache = `lodestar-shell-${version}`;
const assetCache = 'lodestar-assets';
const maxAssets = 400;
const shellUrl = '/index.html';

self.addEventListener('install', (event) => {
  // Take over at once: a reload then runs the new build (hashed assets of the old one stay cached meanwhile).
  void self.skipWaiting();
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.add(new Request(shellUrl, { cache: 'reload' })))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('lodestar-shell-') && name !== shellCache).map((name) => caches.delete(name)));
      // Hashed assets of older builds go first once the cache holds more than maxAssets files.
      const assets = await caches.open(assetCache);
      const keys = await assets.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - maxAssets)).map((request) => assets.delete(request)));
      await self.clients.claim();
    })(),
  );
});

/** The public booking and card pages keep their own small bundles and are not part of the installed app. */
function isAppNavigation(url) {
  return !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/book/') && !url.pathname.startsWith('/card/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && isAppNavigation(url)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
            const copy = response.clone();
            void caches.open(shellCache).then((cache) => cache.put(shellUrl, copy));
          }
          return response;
        })
        .catch(async () => (await caches.match(shellUrl, { cacheName: shellCache })) || Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(assetCache).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) void cache.put(request, response.clone());
        return response;
      }),
    );
  }
});
