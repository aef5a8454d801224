import { useEffect, useRef, useState } from 'react';

/**
 * The value at most once per `intervalMs` (docs/product.md#limits throttles): the first change goes through at
 * once, later ones wait for the interval to end and then the latest value goes through.
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [throttled, setThrottled] = useState(value);
  const lastEmit = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, lastEmit.current + intervalMs - Date.now());
    const timer = setTimeout(() => {
      lastEmit.current = Date.now();
      setThrottled(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, intervalMs]);
  return throttled;
}
