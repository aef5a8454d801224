import { markNewVersionAvailable, ownBuildId } from './new-version.ts';

/**
 * Registers the service worker (apps/web/sw.js: the app shell and hashed assets for offline use) in a built app;
 * main.tsx calls it once the page has loaded.
 * When a new build's worker installs while this page is controlled by an older one, a new version was deployed:
 * the page shows the new-version notice (shared/new-version.ts). A tab brought back to the front asks for updates.
 */
export function registerServiceWorker(): void {
  if (!ownBuildId || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) markNewVersionAvailable();
        });
      });
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
      });
    })
    .catch(() => undefined);
}
