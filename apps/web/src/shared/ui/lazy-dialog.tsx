import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A dialog or drawer whose code loads the first time it opens, not with the page that can open it (the header's
 * fast-create menu would otherwise put every create form into the first load). Once loaded it stays mounted so
 * its closing animation plays.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Chunk = lazy(() => load().then((component) => ({ default: component })));
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

/**
 * A component whose code loads when it first renders, not with the chunk that renders it: `fallback` shows meanwhile
 * (nothing by default). For parts of a screen that can come a moment later (a list's import/export buttons, an error's
 * illustration), so they stay out of the first load.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null): ComponentType<P> {
  const Chunk = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Chunk {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
