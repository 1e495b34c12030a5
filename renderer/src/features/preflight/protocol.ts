/** Messages between the page and the preflight worker. */
import type { FractionBox, PhotoPreflight } from '../../../../shared/preflight/types';

/** What the page asks the worker. */
export type PreflightRequest =
  | { type: 'warm'; id: number }
  | { type: 'check'; id: number; photo: Blob }
  | { type: 'crop'; id: number; photo: Blob; box: FractionBox; mime: string };

/** What the worker answers. */
export type PreflightResponse =
  | { type: 'checked'; id: number; result: PhotoPreflight }
  | { type: 'cropped'; id: number; photo: Blob }
  | { type: 'warmed'; id: number }
  | { type: 'failed'; id: number; message: string };
