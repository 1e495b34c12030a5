import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { GOOD_MEASURES } from './good-measures';
import type { PreflightMeasures } from './types';
import { suggestCrop, THRESHOLDS, warningsOf } from './verdict';
import { similarity, viewWarnings } from './views';

const good = GOOD_MEASURES;

describe('preflight verdicts', () => {
  it('says nothing about a good photo', () => {
    expect(warningsOf(good)).toEqual([]);
  });

  it('names the sides that cut the object, in plain words', () => {
    const [w] = warningsOf({ ...good, touching: { right: 0.4, bottom: 0.02 } });
    expect(w?.kind).toBe('cut-off');
    // The side is a value of the message's select, not English glued in.
    expect(w?.words).toMatchObject({ id: 'preflight.cutOff.one', values: { side: 'right' } });
    expect(i18n._(w!.words)).toMatch(/^The object is cut off by the right edge — /);
    const [two] = warningsOf({ ...good, touching: { right: 0.4, top: 0.3 } });
    expect(i18n._(two!.words)).toMatch(
      /^The object is cut off by the right edge and the top edge — /,
    );
  });

  it('words counts and shares as values of the message', () => {
    const [others] = warningsOf({ ...good, otherObjects: [0.3, 0.2] });
    expect(i18n._(others!.words)).toMatch(
      /^There are 2 other objects beside the main one — the service may model them all as one/,
    );
    const [other] = warningsOf({ ...good, otherObjects: [0.3] });
    expect(i18n._(other!.words)).toMatch(
      /^There is another object beside the main one — the service may model both as one/,
    );
    const [bright] = warningsOf({ ...good, clippedHighlights: 0.374 });
    expect(bright!.words.values).toEqual({ percent: 37 });
    expect(i18n._(bright!.words)).toContain('overexposed: 37 % of it is blown out');
  });

  it('gives each defect its reason', () => {
    const kinds = (m: Partial<PreflightMeasures>) =>
      warningsOf({ ...good, ...m }).map((w) => w.kind);
    expect(kinds({ blur: 0.8 })).toEqual(['blur']);
    expect(kinds({ objectSide: 120 })).toEqual(['resolution']);
    expect(kinds({ clippedHighlights: 0.6 })).toEqual(['exposure']);
    expect(kinds({ objectLightness: 10 })).toEqual(['exposure']);
    expect(kinds({ otherObjects: [0.3, 0.2] })).toEqual(['multiple-objects']);
    expect(kinds({ backgroundEdges: 0.2 })).toEqual(['clutter']);
    expect(i18n._(warningsOf({ ...good, objectSide: 120 })[0]!.words)).toContain(
      'only 120 pixels across',
    );
  });

  it('suggests a crop with a margin only where it helps', () => {
    const small = { x0: 0.4, y0: 0.4, x1: 0.6, y1: 0.6 };
    const crop = suggestCrop(small, good, 1000, 1000)!;
    expect(crop.x0).toBeCloseTo(0.4 - 0.2 * 0.12, 3);
    expect(crop.x1).toBeCloseTo(0.6 + 0.2 * 0.12, 3);
    // Filling the photo already, or cut by the frame: no crop.
    expect(
      suggestCrop({ x0: 0.05, y0: 0.05, x1: 0.95, y1: 0.95 }, good, 1000, 1000),
    ).toBeUndefined();
    expect(
      suggestCrop(small, { ...good, touching: { left: THRESHOLDS.maxTouch * 2 } }, 1000, 1000),
    ).toBeUndefined();
  });

  it('flags the view that shows another object', () => {
    const cup = [0.5, 0.5, 0, 0];
    const other = [0, 0, 0.5, 0.5];
    expect(similarity(cup, cup)).toBeCloseTo(1);
    expect(similarity(cup, other)).toBe(0);
    const view = (name: string, signature: number[]) => ({
      name,
      preflight: { signature } as never,
    });
    expect(viewWarnings([view('front', cup), view('back', cup)])).toEqual([]);
    const [w] = viewWarnings([view('front', cup), view('back', cup), view('side', other)]);
    expect(w?.kind).toBe('views-mismatch');
    expect(i18n._(w!.words)).toMatch(/^“side” does not look like the same object/);
  });
});
