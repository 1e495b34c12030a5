/**
 * Checks across the views of one object: each view should show the same object. Colours are
 * what survives a turn of the object, so views are compared by their objects' colour signatures.
 */
import type { PhotoPreflight, PreflightWarning } from './types';

/**
 * Bhattacharyya coefficient below which two views' objects do not share their colours (the
 * same cup from another side stays near 0.9; the test set's other objects fall under 0.5).
 */
export const MIN_VIEW_SIMILARITY = 0.6;

/** Bhattacharyya coefficient of two normalised histograms, 0 (disjoint) .. 1 (same). */
export function similarity(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.sqrt(a[i]! * (b[i] ?? 0));
  return s;
}

/**
 * The warnings about a set of views, given each view's preflight in order (front first): a view
 * that matches the front (and most others) poorly shows something else.
 */
export function viewWarnings(
  views: readonly { name: string; preflight: PhotoPreflight }[],
): PreflightWarning[] {
  const withObject = views.filter((v) => v.preflight.signature.length);
  if (withObject.length < 2) return [];
  const odd: string[] = [];
  for (const view of withObject) {
    const others = withObject.filter((v) => v !== view);
    const scores = others.map((o) => similarity(view.preflight.signature, o.preflight.signature));
    const best = Math.max(...scores);
    if (best < MIN_VIEW_SIMILARITY) odd.push(view.name);
  }
  if (!odd.length) return [];
  const names = odd.map((n) => `“${n}”`).join(', ');
  return [
    {
      kind: 'views-mismatch',
      message: `${names} ${odd.length === 1 ? 'does' : 'do'} not look like the same object as the other views — the service would blend different things into one model. Use views of one object only.`,
    },
  ];
}
