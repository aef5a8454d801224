import { cloneElement, type ReactElement, type Ref, type SyntheticEvent } from 'react';

/** A module fetched once, on first demand, and kept: `current()` is it once in, `load()` fetches it (once). */
export function importOnce<T>(load: () => Promise<T>): { load: () => Promise<T>; current: () => T | null } {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () => (loading ??= load().then((loaded) => (value = loaded))),
    current: () => value,
  };
}

type Handler = (event: SyntheticEvent) => void;

/**
 * The trigger element of a lazily loaded antd wrapper (lazy-tooltip.tsx, lazy-dropdown.tsx) with `ref` and these
 * handlers added: each runs after the element's own handler of the same name, which is kept.
 */
export function withHandlers(element: ReactElement, ref: Ref<HTMLElement>, handlers: Record<string, Handler>): ReactElement {
  const own = element.props as Record<string, Handler | undefined>;
  const chained = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (event: SyntheticEvent) => {
        own[name]?.(event);
        handler(event);
      },
    ]),
  );
  return cloneElement(element as ReactElement<Record<string, unknown>>, { ref, ...chained });
}
