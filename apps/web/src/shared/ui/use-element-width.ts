import { useEffect, useRef, useState } from 'react';

/**
 * The rendered width of an element, kept current as it resizes: charts draw at their real pixel width (text stays
 * its own size, the plot fills the card) instead of scaling a fixed drawing up or down.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(1, Math.floor(element.getBoundingClientRect().width)) || fallback);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}
