/**
 * From measurements to warnings in plain words, and the crop a photo would be better with. The
 * thresholds are calibrated on the labelled test set (`tests/preflight/`, its README has the
 * figures); a verdict never blocks a generation, it only says what the service is likely to see.
 */
import type { Words } from '../words';
import type { FractionBox, PreflightMeasures, PreflightWarning, Side } from './types';

/** The calibrated thresholds (one home: the verdict, the README table and the tests read these). */
export const THRESHOLDS = {
  /** An object smaller than this (longest side, photo pixels) leaves the service little detail. */
  minObjectSide: 256,
  /** Blur estimate above which the object reads as soft. */
  maxBlur: 0.45,
  /** Share of the object clipped to white / black above which its detail is gone. */
  maxClippedHighlights: 0.25,
  maxClippedShadows: 0.12,
  /** Mean L* of the object below which it is too dark / above which washed out. */
  minLightness: 22,
  maxLightness: 90,
  /** Share of a frame side the object may cover before it counts as cut by that side. */
  maxTouch: 0.08,
  /** A separate region at least this share of the object's area is a second object. */
  minOtherObject: 0.06,
  /** Share of strong edges in the background above which it is busy. */
  maxBackgroundEdges: 0.105,
} as const;

/**
 * The sentences of the warnings: messages of the `shared` catalog with explicit ids
 * (`shared/words.ts`), shown by the renderer in the user's language with `i18n._(words)`. The
 * sides of the frame are values of an ICU select, so a translator words each side whole.
 */
/** The sentence of a cut by one side, two sides, or three and more (the object outgrows the frame). */
function cutOffWords(cut: readonly Side[]): Words {
  if (cut.length === 1) {
    return /*i18n*/ {
      id: 'preflight.cutOff.one',
      message:
        'The object is cut off by {side, select, left {the left edge} right {the right edge} top {the top edge} bottom {the bottom edge} other {the frame}} — the model will miss what is outside the photo. Step back or retake with space around it.',
      values: { side: cut[0]! },
    };
  }
  if (cut.length === 2) {
    return /*i18n*/ {
      id: 'preflight.cutOff.two',
      message:
        'The object is cut off by {side, select, left {the left edge} right {the right edge} top {the top edge} bottom {the bottom edge} other {the frame}} and {other, select, left {the left edge} right {the right edge} top {the top edge} bottom {the bottom edge} other {the frame}} — the model will miss what is outside the photo. Step back or retake with space around it.',
      values: { side: cut[0]!, other: cut[1]! },
    };
  }
  return /*i18n*/ {
    id: 'preflight.cutOff.many',
    message:
      'The object is cut off by {count} edges of the frame — the model will miss what is outside the photo. Step back or retake with space around it.',
    values: { count: cut.length },
  };
}

/** The warnings the measurements call for (none: the photo looks good). */
export function warningsOf(m: PreflightMeasures): PreflightWarning[] {
  const t = THRESHOLDS;
  const out: PreflightWarning[] = [];
  const cut = (Object.keys(m.touching) as Side[]).filter((s) => (m.touching[s] ?? 0) > t.maxTouch);
  if (cut.length) out.push({ kind: 'cut-off', words: cutOffWords(cut) });
  const others = m.otherObjects.filter((r) => r >= t.minOtherObject).length;
  if (others) {
    out.push({
      kind: 'multiple-objects',
      words: /*i18n*/ {
        id: 'preflight.multipleObjects',
        message:
          'There {count, plural, one {is another object} other {are # other objects}} beside the main one — the service may model {count, plural, one {both} other {them all}} as one. Crop to one object or retake it alone.',
        values: { count: others },
      },
    });
  }
  if (m.blur > t.maxBlur) {
    out.push({
      kind: 'blur',
      words: /*i18n*/ {
        id: 'preflight.blur',
        message:
          'The photo is blurred — the model’s texture will be soft and small details lost. Retake it steadier or in focus.',
      },
    });
  }
  if (m.clippedHighlights > t.maxClippedHighlights || m.objectLightness > t.maxLightness) {
    out.push({
      kind: 'exposure',
      words: /*i18n*/ {
        id: 'preflight.overexposed',
        message:
          'The object is overexposed: {percent} % of it is blown out to white, with no detail for the texture. Retake with less light or a lower exposure.',
        values: { percent: percent(m.clippedHighlights) },
      },
    });
  } else if (m.clippedShadows > t.maxClippedShadows || m.objectLightness < t.minLightness) {
    out.push({
      kind: 'exposure',
      words:
        m.clippedShadows > 0.01
          ? /*i18n*/ {
              id: 'preflight.dark.black',
              message:
                'The object is too dark ({percent} % of it is black) — its shape and colours will be guessed. Retake with more light.',
              values: { percent: percent(m.clippedShadows) },
            }
          : /*i18n*/ {
              id: 'preflight.dark',
              message:
                'The object is too dark — its shape and colours will be guessed. Retake with more light.',
            },
    });
  }
  if (m.objectSide < t.minObjectSide) {
    out.push({
      kind: 'resolution',
      words: /*i18n*/ {
        id: 'preflight.resolution',
        message:
          'The object is only {side} pixels across — too small for a detailed model. Move closer or use a larger photo (at least {min} pixels across the object).',
        values: { side: Math.round(m.objectSide), min: t.minObjectSide },
      },
    });
  }
  if (m.backgroundEdges > t.maxBackgroundEdges) {
    out.push({
      kind: 'clutter',
      words: /*i18n*/ {
        id: 'preflight.clutter',
        message:
          'The background is busy — the service may take parts of it for the object. Retake against a plainer background.',
      },
    });
  }
  return out;
}

/** The warning of a photo in which nothing stands out. */
export const NO_OBJECT: PreflightWarning = {
  kind: 'no-object',
  words: /*i18n*/ {
    id: 'preflight.noObject',
    message:
      'No object stands out from the background — the service may model the whole scene or nothing. Retake with the object against a plainer background.',
  },
};

/** The one-line verdict of a photo without warnings. */
export const GOOD_VERDICT: Words = /*i18n*/ {
  id: 'preflight.good',
  message: 'Sharp, well lit, one object: good.',
};

/** Margin around the object in a suggested crop, as a share of the object's size. */
const CROP_MARGIN = 0.12;

/**
 * A crop around the object with a margin, where it would help: the object fills under half the
 * photo, and it is not cut by the frame (then only a retake helps). Whole pixels of the photo.
 */
export function suggestCrop(
  object: FractionBox,
  m: PreflightMeasures,
  width: number,
  height: number,
): FractionBox | undefined {
  if (Object.values(m.touching).some((s) => (s ?? 0) > THRESHOLDS.maxTouch)) return undefined;
  const w = object.x1 - object.x0;
  const h = object.y1 - object.y0;
  if (w * h > 0.5) return undefined;
  const px = (v: number, size: number) => Math.round(Math.min(1, Math.max(0, v)) * size) / size;
  return {
    x0: px(object.x0 - w * CROP_MARGIN, width),
    y0: px(object.y0 - h * CROP_MARGIN, height),
    x1: px(object.x1 + w * CROP_MARGIN, width),
    y1: px(object.y1 + h * CROP_MARGIN, height),
  };
}

/** A share as a whole percentage (the message writes the percent sign its language's way). */
const percent = (share: number) => Math.round(share * 100);
