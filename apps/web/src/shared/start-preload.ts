import type { FetchInfiniteQueryOptions, FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The start preload (app/preload.ts) asks for a page's first data before the page's code has loaded; the page's own
 * useQuery, with the same options (the feature's `…Query` function), then finds that request in flight or answered.
 * An answer that came in before the page mounted counts as fresh for a few seconds, so the mount does not ask again
 * (createQueryClient's refetchOnMount) — one request, not two.
 */
const preloaded = new WeakSet<Query>();
const preloadFreshMs = 10_000;

/** What a data preloader needs: the client, the route's workspace, and who is signed in (the stored session). */
export interface StartPreloadContext {
  queryClient: QueryClient;
  orgId: string;
  userId: string | undefined;
  /** The route's params (e.g. the calendar's view and date). */
  params: Readonly<Record<string, string | undefined>>;
}

function remember(queryClient: QueryClient, queryKey: QueryKey): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) preloaded.add(query);
}

export function prefetchAtStart<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.prefetchQuery(options);
  remember(queryClient, options.queryKey);
}

export function prefetchInfiniteAtStart<T, K extends QueryKey, P>(queryClient: QueryClient, options: FetchInfiniteQueryOptions<T, Error, T, K, P>): void {
  void queryClient.prefetchInfiniteQuery(options);
  remember(queryClient, options.queryKey);
}

/** createQueryClient's refetchOnMount: a start preload's first answer is not asked for again on mount. */
export function refetchOnMountUnlessPreloaded(query: Query): boolean {
  const { dataUpdateCount, dataUpdatedAt, isInvalidated } = query.state;
  return !(preloaded.has(query) && dataUpdateCount === 1 && !isInvalidated && Date.now() - dataUpdatedAt < preloadFreshMs);
}

/** Start work that is not a query but part of the page's first content (prefetchCodeAtStart). */
const startCode = new Set<Promise<unknown>>();
let recheckStart: () => void = () => undefined;

/**
 * Code a start page shows with its first data (the home page's first-run guide, once its state says open): what comes
 * after the first paint (firstDataSettled) waits for it too, instead of taking the connections and the main thread
 * from it.
 */
export function prefetchCodeAtStart(load: Promise<unknown>): void {
  const tracked: Promise<unknown> = load
    .catch(() => undefined)
    .finally(() => {
      startCode.delete(tracked);
      recheckStart();
    });
  startCode.add(tracked);
}

/**
 * Settles once the start page's requests have answered (no query fetching, no start code loading) and the browser is
 * then idle, or after `maxMs`: what comes after the first paint waits for it (main.tsx, holdLazyComponents).
 */
export function firstDataSettled(queryClient: QueryClient, maxMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearTimeout(timer);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
      else setTimeout(resolve, 0);
    };
    const timer = setTimeout(settle, maxMs);
    // Checked after the first render's effects have started the page's own requests.
    setTimeout(() => {
      if (settled) return;
      const check = () => {
        if (queryClient.isFetching() === 0 && startCode.size === 0) settle();
      };
      unsubscribe = queryClient.getQueryCache().subscribe(check);
      recheckStart = check;
      check();
    }, 0);
  });
}
