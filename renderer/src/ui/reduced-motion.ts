/**
 * The OS's "reduce motion" setting (`prefers-reduced-motion`), read where motion starts. With it,
 * the viewer's camera jumps instead of flying, and stops when the pointer lets go instead of
 * gliding on (WCAG 2.3.3, motion from interaction).
 */
import { useSyncExternalStore } from 'react';

// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS media query, not words
const QUERY = '(prefers-reduced-motion: reduce)';

let mediaList: MediaQueryList | undefined;

/** The one media query list of the page (asked at every render by {@link useReducedMotion}). */
function query(): MediaQueryList | undefined {
  if (!mediaList && typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
    mediaList = window.matchMedia(QUERY);
  }
  return mediaList;
}

/** True when the user asked the OS for less motion. */
export function prefersReducedMotion(): boolean {
  return query()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** {@link prefersReducedMotion}, following the OS setting while the component is shown. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
