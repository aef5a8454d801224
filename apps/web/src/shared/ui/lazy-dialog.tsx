import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadRestOfCatalogs } from '../i18n.ts';

/**
 * A dialog's or a later part's code together with every catalog: after a start with a page's own catalogs only
 * (shared/i18n.ts), what loads later may use any namespace, and must not render its keys meanwhile. A failed catalog
 * chunk does not keep it from rendering (the catalogs are asked for again by the next page).
 */
export const withRestOfCatalogs = <T,>(load: () => Promise<T>): Promise<T> =>
  Promise.all([load(), loadRestOfCatalogs().catch(() => undefined)]).then(([loaded]) => loaded);

/**
 * A dialog or drawer whose code loads the first time it opens, not with the page that can open it (the header's
 * fast-create menu would otherwise put every create form into the first load). Once loaded it stays mounted so
 * its closing animation plays.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Chunk = lazy(() => withRestOfCatalogs(load).then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const [isWanted, setIsWanted] = useState(props.open);
    useEffect(() => {
      if (props.open) setIsWanted(true);
    }, [props.open]);
    if (!isWanted && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Chunk {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/** Until this settles, lazy components keep their fallback (holdLazyComponents); null: they load when rendered. */
let held: Promise<void> | null = null;

/**
 * Lazy components rendered before `until` settles load only then (main.tsx: until the start page's first data are in
 * and the browser is idle), so their chunks and renders do not compete with the page's for the network and the main
 * thread.
 */
export function holdLazyComponents(until: Promise<void>): void {
  const hold: Promise<void> = until.finally(() => {
    if (held === hold) held = null;
  });
  held = hold;
}

/**
 * Fetches a lazy part's code once the start page's first data are in (or at once on other pages), before anyone opens
 * it: for a dialog that must open offline (the service worker keeps what was fetched, apps/web/sw.js).
 */
export function loadWhenSettled(load: () => Promise<unknown>): void {
  void (held ?? Promise.resolve()).then(load).catch(() => undefined);
}

/**
 * A component whose code loads when it first renders, not with the chunk that renders it: `fallback` shows meanwhile
 * (nothing by default). For parts of a screen that can come a moment later (a list's import/export buttons, an error's
 * illustration, the header's search), so they stay out of the first load.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null): ComponentType<P> {
  const Chunk = lazy(() => withRestOfCatalogs(load).then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    const [hold] = useState(() => held);
    const [isHeld, setIsHeld] = useState(hold !== null);
    useEffect(() => {
      // A transition: React renders the released parts in slices between frames instead of one long task after the
      // first paint (the header's tools and the page's later parts together took ~100 ms on a slow CPU).
      if (hold) void hold.then(() => startTransition(() => setIsHeld(false)));
    }, [hold]);
    return <Suspense fallback={fallback(props)}>{isHeld ? fallback(props) : <Chunk {...props} />}</Suspense>;
  }
  return LazyComponent;
}

/** A route's component loaded on demand, with `preload` to fetch it earlier (the start preload, app/preload.ts). */
export type LazyRoute<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A route's component (a layout or a page) loaded when first rendered — or before, by `preload`. Once loaded it renders
 * at once: React.lazy suspends on the first render even when the module is in, and a fallback shown on the first
 * paint delays the content that replaces it (React reveals a retried boundary at most every 300 ms). The start preload
 * loads the start route's components before the first render (app/main.tsx), so they paint in that render.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): LazyRoute<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  };
  const Chunk = lazy(() => preload().then((component) => ({ default: component })));
  function LazyRouteComponent(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Chunk {...props} />;
  }
  return Object.assign(LazyRouteComponent, { preload });
}
