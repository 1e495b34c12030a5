/**
 * What the photo preflight reports: measurements of one photo (or a set of views) and the
 * warnings drawn from them. Plain data, so it crosses a worker's `postMessage` unchanged.
 */
import type { Words } from '../words';
import type { FrontCues } from './front';

/** Why a photo may waste a generation. */
export type PreflightWarningKind =
  | 'resolution'
  | 'blur'
  | 'exposure'
  | 'cut-off'
  | 'multiple-objects'
  | 'clutter'
  | 'no-object'
  | 'views-mismatch'
  | 'views-order';

/** Every warning kind, in the order a verdict lists them. */
export const WARNING_KINDS: readonly PreflightWarningKind[] = [
  'no-object',
  'cut-off',
  'multiple-objects',
  'blur',
  'exposure',
  'resolution',
  'clutter',
  'views-mismatch',
  'views-order',
];

/**
 * One warning: its kind and the sentence the artist reads, a message of the `shared` catalog
 * (the renderer shows it in the user's language with `i18n._(words)`; `message` is the English).
 */
export interface PreflightWarning {
  kind: PreflightWarningKind;
  words: Words;
}

/** A box in fractions of the photo's width and height (`x1`/`y1` exclusive), 0..1. */
export interface FractionBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Sides of the frame. */
export type Side = 'left' | 'right' | 'top' | 'bottom';

/** The measurements a verdict is drawn from (kept so tests and the README can show them). */
export interface PreflightMeasures {
  /** Longest side of the object in the original photo's pixels. */
  objectSide: number;
  /** Crété-Roffet blur estimate over the object, 0 (sharp) .. 1 (flat). */
  blur: number;
  /** Share of object pixels with a channel clipped at white (detail and hue lost there). */
  clippedHighlights: number;
  /** Share of object pixels that are black (every channel near 0). */
  clippedShadows: number;
  /** Mean CIE L* of the object, 0..100. */
  objectLightness: number;
  /** Sides the object runs into, with the share of that side it covers. */
  touching: Partial<Record<Side, number>>;
  /** Regions apart from the object that stand out as strongly, as shares of the object's area. */
  otherObjects: number[];
  /** Share of the background that is strong edges (a busy backdrop). */
  backgroundEdges: number;
}

/** The preflight of one photo. */
export interface PhotoPreflight {
  /** Width and height of the photo as decoded (EXIF orientation applied). */
  width: number;
  height: number;
  measures: PreflightMeasures;
  warnings: PreflightWarning[];
  /** The object's bounding box. */
  object: FractionBox | undefined;
  /**
   * A crop around the object with a margin, or undefined where the photo's own framing is as
   * good (the object fills it already, or it runs into the frame and only a retake helps).
   */
  crop: FractionBox | undefined;
  /** A colour signature of the object, to compare views. */
  signature: number[];
  /** What the object says about which side it shows, to find the front among views. */
  front: FrontCues | undefined;
  /** The object's mask (1 = object) at the analysis size: the cut-out preview. */
  mask: { width: number; height: number; data: Uint8Array } | undefined;
}
