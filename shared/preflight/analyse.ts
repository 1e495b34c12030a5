/**
 * The photo preflight: what the service will see in a photo, measured on the user's computer
 * before anything is sent. Pure computation on decoded rasters, so it runs in a Web Worker (the
 * renderer) and in Node (its tests) alike.
 */
import type { RawImage } from '../segmentation/raster';
import { NoObjectError, segment, type Segmentation } from '../segmentation/segment';
import {
  backgroundEdges,
  blurEstimate,
  exposure,
  frameContact,
  labOf,
  luma,
  otherRegions,
} from './measure';
import type { FractionBox, PhotoPreflight, PreflightMeasures } from './types';
import { frontCues } from './front';
import { NO_OBJECT, suggestCrop, warningsOf } from './verdict';

/**
 * Longest side of the image the object is found in: smaller than the sandbox's 256 so a verdict
 * comes quickly on a 2-core laptop (segmentation is most of the time); the test set's scores
 * hold at this size (tests/preflight/README.md).
 */
export const ANALYSIS_SIDE = 192;
/**
 * Longest side at which sharpness is judged: about what an image-to-3D service looks at, so
 * softness that its own downscaling hides is not reported.
 */
export const DETAIL_SIDE = 1024;

/** The photo at the two sizes the preflight looks at, and its own size. */
export interface PreflightInput {
  /** At most {@link ANALYSIS_SIDE} on its longest side, RGBA. */
  analysis: RawImage;
  /** At most {@link DETAIL_SIDE} on its longest side, RGBA (or grey). */
  detail: RawImage;
  /** The photo's own size in pixels (orientation applied). */
  width: number;
  height: number;
}

/** Size of a photo scaled to fit `side` (never enlarged). */
export function fitWithin(width: number, height: number, side: number) {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Checks one photo. */
export function preflightPhoto(input: PreflightInput): PhotoPreflight {
  const { analysis, detail, width, height } = input;
  const hasAlpha = hasTransparency(analysis);
  let seg: Segmentation;
  try {
    seg = segment(analysis, hasAlpha);
  } catch (error) {
    if (!(error instanceof NoObjectError)) throw error;
    return noObject(input);
  }
  const lab = seg.lab ?? labOf(analysis);
  const { bbox } = seg;
  const object: FractionBox = {
    x0: bbox.x0 / seg.width,
    y0: bbox.y0 / seg.height,
    x1: bbox.x1 / seg.width,
    y1: bbox.y1 / seg.height,
  };
  const detailBox = {
    x0: Math.floor(object.x0 * detail.width),
    y0: Math.floor(object.y0 * detail.height),
    x1: Math.ceil(object.x1 * detail.width),
    y1: Math.ceil(object.y1 * detail.height),
  };
  const measures: PreflightMeasures = {
    objectSide: Math.max((object.x1 - object.x0) * width, (object.y1 - object.y0) * height),
    blur: blurEstimate(luma(detail), detail.width, detailBox),
    ...exposure(analysis, lab, seg.mask),
    touching: frameContact(seg),
    otherObjects: otherRegions(seg),
    backgroundEdges: hasAlpha ? 0 : backgroundEdges(lab, seg),
  };
  const warnings = warningsOf(measures);
  return {
    width,
    height,
    measures,
    warnings,
    object,
    crop: suggestCrop(object, measures, width, height),
    signature: colourSignature(lab, seg.mask),
    front: frontCues(seg),
    mask: { width: seg.width, height: seg.height, data: seg.mask },
  };
}

/** The result for a photo in which nothing stands out. */
function noObject({ width, height }: PreflightInput): PhotoPreflight {
  const measures: PreflightMeasures = {
    objectSide: 0,
    blur: 0,
    clippedHighlights: 0,
    clippedShadows: 0,
    objectLightness: 50,
    touching: {},
    otherObjects: [],
    backgroundEdges: 0,
  };
  return {
    width,
    height,
    measures,
    warnings: [NO_OBJECT],
    object: undefined,
    crop: undefined,
    signature: [],
    front: undefined,
    mask: undefined,
  };
}

/** True when some pixel is transparent: the photo was cut out already. */
function hasTransparency(image: RawImage): boolean {
  if (image.channels < 4) return false;
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] < 250) return true;
  return false;
}

/** Bins per CIELAB axis of the colour signature. */
const BINS = 4;

/**
 * A normalised 4×4×4 CIELAB histogram of the object's pixels: the same object photographed from
 * another side keeps most of its colours, a different object rarely does.
 */
export function colourSignature(lab: Float32Array, mask: Uint8Array): number[] {
  const hist = new Array<number>(BINS ** 3).fill(0);
  const bin = (v: number, lo: number, hi: number) =>
    Math.min(BINS - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * BINS)));
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const l = bin(lab[i * 3], 0, 100);
    const a = bin(lab[i * 3 + 1], -40, 60);
    const b = bin(lab[i * 3 + 2], -40, 60);
    hist[(l * BINS + a) * BINS + b]++;
    n++;
  }
  return n ? hist.map((v) => v / n) : hist;
}
