import { useSyncExternalStore } from 'react';

/** Phone width: where app/styles.css swaps the header's tabs for the bottom tab bar. Keep the two in step. */
export const phoneQuery = '(max-width: 767px)';
/** A finger, not a mouse, is the main pointer (no keyboard shortcuts worth mentioning). */
export const touchQuery = '(pointer: coarse)';
/** A phone used by touch: controls grow to 44 px (WCAG 2.5.5), a mouse on a narrow window keeps antd's sizes. */
export const touchPhoneQuery = `${phoneQuery} and ${touchQuery}`;
/** The system's "reduce motion" setting (WCAG 2.3.3): antd's transitions and spinners stop (app/antd-providers.tsx). */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now (false where there is no matchMedia, as in a test without one). */
export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether a media query matches, re-rendering when that changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}
