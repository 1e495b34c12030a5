import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { PhotoPreflight } from './types';
import { likelyFront, MIN_FRONT_MARGIN, viewWarnings } from './views';

const CUP = [0.5, 0.5, 0, 0];

/** A view of the same object whose outline has the given mirror symmetry. */
const view = (name: string, symmetry: number, signature = CUP) => ({
  name,
  preflight: { signature, front: { symmetry } } as Partial<PhotoPreflight> as PhotoPreflight,
});

describe('the front-first check of views', () => {
  it('says nothing when the first view is the most symmetric, or nearly', () => {
    expect(viewWarnings([view('front', 0.95), view('left', 0.7), view('back', 0.94)])).toEqual([]);
    // A front taken a little turned may lose a few points to its back: not a side first.
    const turned = [view('front', 0.9), view('back', 0.9 + MIN_FRONT_MARGIN - 0.01)];
    expect(viewWarnings(turned)).toEqual([]);
  });

  it('names the slot that looks like the front when a side comes first', () => {
    const views = [view('left.jpg', 0.66), view('back.jpg', 0.9), view('front.jpg', 0.97)];
    expect(likelyFront(views)).toBe(2);
    const [w] = viewWarnings(views);
    expect(w?.kind).toBe('views-order');
    expect(w?.words).toMatchObject({ id: 'preflight.viewsOrder', values: { slot: 3 } });
    expect(i18n._(w!.words)).toBe(
      'View 3 (“front.jpg”) looks like the front: it faces the camera square-on, while view 1 shows the object from a side. The service takes the first view as the front — if view 3 is the front, drag it to slot 1.',
    );
  });

  it('leaves views without an object out, and says nothing of a single view', () => {
    const empty = { name: 'blank', preflight: { signature: [], front: undefined } as never };
    expect(likelyFront([view('front', 0.5)])).toBeUndefined();
    expect(likelyFront([empty, view('front', 0.9)])).toBeUndefined();
    expect(likelyFront([view('side', 0.6), empty])).toBeUndefined();
  });

  it('reports views of different objects, not their order', () => {
    const other = [0, 0, 0.5, 0.5];
    const kinds = viewWarnings([view('side', 0.6), view('front', 0.95), view('cat', 0.99, other)]);
    expect(kinds.map((w) => w.kind)).toEqual(['views-mismatch']);
  });
});
