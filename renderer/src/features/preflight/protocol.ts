/** Messages between the page and the preflight worker. */
import { DETAIL_SIDE } from '../../../../shared/preflight/analyse';
import type { FractionBox, PhotoPreflight } from '../../../../shared/preflight/types';

/**
 * The long side a JPEG larger than this is decoded at, at most: libjpeg-turbo decodes in eighths
 * of the size (4000 px → 2000, 1500, 1000…), and Chromium's `ImageDecoder` picks the largest
 * eighth within this, which is at least `DETAIL_SIDE` for any photo that is (consecutive eighths
 * are at most twice apart). A photo within it is decoded whole.
 */
export const SCALED_DECODE_SIDE = 2 * DETAIL_SIDE;

/**
 * Longest side of the photo as the page shows it (the photo card, at most 200 CSS px high, on a
 * 2× screen; the cut-out): the worker sends the photo at this size as soon as it has decoded it,
 * so the page never decodes a 12-megapixel photo itself, which would compete for the cores with
 * the check the artist is waiting for.
 */
export const PREVIEW_SIDE = 480;

/** What the page asks the worker. */
export type PreflightRequest =
  | { type: 'warm'; id: number }
  /** `preview`: also send the photo small first, for a page that shows it (not a batch's). */
  | { type: 'check'; id: number; photo: Blob; preview: boolean }
  | { type: 'crop'; id: number; photo: Blob; box: FractionBox; mime: string };

/** What the worker answers. */
export type PreflightResponse =
  | { type: 'checked'; id: number; result: PhotoPreflight }
  /** Sent before its check's answer: the photo at most {@link PREVIEW_SIDE} px on its longest side. */
  | { type: 'preview'; id: number; preview: ImageBitmap }
  | { type: 'cropped'; id: number; photo: Blob }
  | { type: 'warmed'; id: number }
  | { type: 'failed'; id: number; message: string };

/** The Performance mark the page sets once the worker has compiled its checks (bench B17). */
export const PREFLIGHT_WARM_MARK = 'kiln:preflight-warm';
