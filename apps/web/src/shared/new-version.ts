import { useSyncExternalStore } from 'react';
import { chunkLoadTimeoutMs } from '@lodestar/contract';

/**
 * "New version available" (docs/product.md#errors): set when an API answer names another web build than the
 * one this tab runs (the server was updated under it), or when a page chunk or stylesheet fails to load (or has
 * not loaded after chunkLoadTimeoutMs) — the usual sign that the files of the old build are gone.
 */
declare const __BUILD_ID__: string | undefined;

/** Undefined in tests and in the dev server's first load of a file without the define. */
export const ownBuildId: string | undefined = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : undefined;

/** 'banner': the notice over the page; 'page': the route's error page says it (no second copy on top). */
let outdated: 'no' | 'banner' | 'page' = 'no';
const listeners = new Set<() => void>();

function set(next: typeof outdated): void {
  outdated = next;
  for (const listener of listeners) listener();
}

export function markNewVersionAvailable(): void {
  if (outdated === 'no') set('banner');
}

/** The route error page shows the message itself. */
export function showNewVersionInPage(): void {
  if (outdated !== 'page') set('page');
}

/** Called with every API answer's build header. */
export function noteServerBuild(serverBuildId: string | null): void {
  if (serverBuildId && ownBuildId && serverBuildId !== ownBuildId) markNewVersionAvailable();
}

/** Whether the notice over the page should show. */
export function useNewVersionBanner(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outdated === 'banner',
  );
}

/** A failed dynamic import (Chromium, Firefox, Safari wordings) or a stylesheet preload (Vite's CSS error). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS|chunk/i.test(error.message);
}

/**
 * Vite reports failed preloads (scripts and stylesheets) as `vite:preloadError` before the import rejects; a
 * chunk or stylesheet element added to <head> that neither loads nor fails within chunkLoadTimeoutMs counts as
 * failed too (a connection that hangs rather than answers).
 */
export function watchChunkLoads(target: Window = window, timeoutMs = chunkLoadTimeoutMs): () => void {
  const onPreloadError = () => markNewVersionAvailable();
  target.addEventListener('vite:preloadError', onPreloadError);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        const isChunk =
          (node instanceof HTMLLinkElement && /^(stylesheet|modulepreload)$/.test(node.rel)) || (node instanceof HTMLScriptElement && Boolean(node.src));
        if (!isChunk) continue;
        const element = node as HTMLElement;
        const timer = setTimeout(markNewVersionAvailable, timeoutMs);
        const settle = () => clearTimeout(timer);
        element.addEventListener('load', settle, { once: true });
        element.addEventListener('error', () => (settle(), markNewVersionAvailable()), { once: true });
      }
    }
  });
  observer.observe(target.document.head, { childList: true });
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    observer.disconnect();
  };
}
