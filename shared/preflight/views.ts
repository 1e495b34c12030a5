/**
 * Checks across the views of one object: each view should show the same object, and the first
 * should show its front. Colours are what survives a turn of the object, so views are compared by
 * their objects' colour signatures; the front is told from a side by the symmetry of its outline
 * (`front.ts`).
 */
import type { Words } from '../words';
import type { PhotoPreflight, PreflightWarning } from './types';

/**
 * Bhattacharyya coefficient below which two views' objects do not share their colours (the
 * same cup from another side stays near 0.9; the test set's other objects fall under 0.5).
 */
export const MIN_VIEW_SIMILARITY = 0.6;

/**
 * How much more symmetric (outline IoU with its mirror image) another view must be than the first
 * for the first to count as a side view put first. Calibrated on the test set's rendered views
 * (tests/preflight/README.md): a front taken 10–12° turned loses up to 0.05 against its back,
 * a side first stays 0.07–0.31 under the most symmetric view.
 */
export const MIN_FRONT_MARGIN = 0.06;

/** Bhattacharyya coefficient of two normalised histograms, 0 (disjoint) .. 1 (same). */
export function similarity(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.sqrt(a[i]! * (b[i] ?? 0));
  return s;
}

/** One view as the checks see it: its file name and its preflight. */
export interface CheckedView {
  name: string;
  preflight: PhotoPreflight;
}

/**
 * The warnings about a set of views, given each view's preflight in order (front first): a view
 * that matches the others poorly shows something else; a first view that is clearly less
 * symmetric than another is a side, and the other is likely the front.
 */
export function viewWarnings(views: readonly CheckedView[]): PreflightWarning[] {
  const mismatch = mismatchWarning(views);
  // The order of views of different objects means nothing: the mismatch is the warning then.
  if (mismatch) return [mismatch];
  const order = orderWarning(views);
  return order ? [order] : [];
}

function mismatchWarning(views: readonly CheckedView[]): PreflightWarning | undefined {
  const withObject = views.filter((v) => v.preflight.signature.length);
  if (withObject.length < 2) return undefined;
  const odd: string[] = [];
  for (const view of withObject) {
    const others = withObject.filter((v) => v !== view);
    const scores = others.map((o) => similarity(view.preflight.signature, o.preflight.signature));
    const best = Math.max(...scores);
    if (best < MIN_VIEW_SIMILARITY) odd.push(view.name);
  }
  if (!odd.length) return undefined;
  const words: Words = /*i18n*/ {
    id: 'preflight.viewsMismatch',
    message:
      '{count, plural, one {{names} does} other {{names} do}} not look like the same object as the other views — the service would blend different things into one model. Use views of one object only.',
    values: { count: odd.length, names: odd.map((n) => `“${n}”`).join(', ') },
  };
  return { kind: 'views-mismatch', words };
}

/**
 * The view that looks like the front when it is not the first: the most symmetric outline, when
 * the first view's is clearly less symmetric (`MIN_FRONT_MARGIN`). Views without an object, and
 * sets of fewer than two, say nothing.
 */
export function likelyFront(views: readonly CheckedView[]): number | undefined {
  const first = views[0]?.preflight.front;
  if (!first || views.length < 2) return undefined;
  let best: number | undefined;
  let bestSymmetry = first.symmetry + MIN_FRONT_MARGIN;
  views.forEach((view, index) => {
    const symmetry = view.preflight.front?.symmetry;
    if (index > 0 && symmetry !== undefined && symmetry >= bestSymmetry) {
      best = index;
      bestSymmetry = symmetry;
    }
  });
  return best;
}

function orderWarning(views: readonly CheckedView[]): PreflightWarning | undefined {
  const front = likelyFront(views);
  if (front === undefined) return undefined;
  return {
    kind: 'views-order',
    words: /*i18n*/ {
      id: 'preflight.viewsOrder',
      message:
        'View {slot} (“{name}”) looks like the front: it faces the camera square-on, while view 1 shows the object from a side. The service takes the first view as the front — if view {slot} is the front, drag it to slot 1.',
      values: { slot: front + 1, name: views[front]!.name },
    },
  };
}
