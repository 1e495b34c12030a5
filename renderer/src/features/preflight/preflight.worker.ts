/**
 * The preflight worker: decodes a photo (straight down to the two sizes the check looks at, and
 * the small one the page shows, so a 12-megapixel photo is never decoded whole on the page) and
 * checks it, off the main thread. Nothing leaves the computer; the only other job is cutting a
 * suggested crop into a new photo.
 */
import {
  ANALYSIS_SIDE,
  DETAIL_SIDE,
  fitWithin,
  preflightPhoto,
} from '../../../../shared/preflight/analyse';
import { warmUpChecks } from '../../../../shared/preflight/warm';
import type { RawImage } from '../../../../shared/segmentation/raster';
import type { PhotoPreflight } from '../../../../shared/preflight/types';
import { PREVIEW_SIDE, type PreflightRequest, type PreflightResponse } from './protocol';

const post = (message: PreflightResponse, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(message, transfer);

/** RGBA pixels of a bitmap at a size. */
function pixels(bitmap: ImageBitmap, width: number, height: number): RawImage {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return { data: new Uint8Array(data.buffer), width, height, channels: 4 };
}

async function check(id: number, photo: Blob, preview: boolean): Promise<PhotoPreflight> {
  const full = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  const { width, height } = full;
  try {
    // Down to the detail size in one resampling pass, then the small ones from that.
    const d = fitWithin(width, height, DETAIL_SIDE);
    const detailBitmap = await createImageBitmap(full, {
      resizeWidth: d.width,
      resizeHeight: d.height,
      resizeQuality: 'medium',
    });
    full.close();
    if (preview) {
      const p = fitWithin(width, height, PREVIEW_SIDE);
      const small = await createImageBitmap(detailBitmap, {
        resizeWidth: p.width,
        resizeHeight: p.height,
        resizeQuality: 'medium',
      });
      // The page shows the photo now, while the check runs.
      post({ type: 'preview', id, preview: small }, [small]);
    }
    const detail = pixels(detailBitmap, d.width, d.height);
    const a = fitWithin(width, height, ANALYSIS_SIDE);
    const analysis = pixels(detailBitmap, a.width, a.height);
    detailBitmap.close();
    return preflightPhoto({ analysis, detail, width, height });
  } finally {
    full.close();
  }
}

async function crop(
  photo: Blob,
  box: { x0: number; y0: number; x1: number; y1: number },
  mime: string,
) {
  const full = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const sx = Math.round(box.x0 * full.width);
    const sy = Math.round(box.y0 * full.height);
    const sw = Math.max(1, Math.round(box.x1 * full.width) - sx);
    const sh = Math.max(1, Math.round(box.y1 * full.height) - sy);
    const canvas = new OffscreenCanvas(sw, sh);
    canvas.getContext('2d')!.drawImage(full, sx, sy, sw, sh, 0, 0, sw, sh);
    return await canvas.convertToBlob({ type: mime, quality: 0.95 });
  } finally {
    full.close();
  }
}

self.onmessage = async (event: MessageEvent<PreflightRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'warm') {
      // Compiles the checks' hot loops before the first photo (see shared/preflight/warm.ts).
      warmUpChecks();
      post({ type: 'warmed', id: request.id });
    } else if (request.type === 'check') {
      const result = await check(request.id, request.photo, request.preview);
      post(
        { type: 'checked', id: request.id, result },
        result.mask ? [result.mask.data.buffer] : [],
      );
    } else {
      post({
        type: 'cropped',
        id: request.id,
        photo: await crop(request.photo, request.box, request.mime),
      });
    }
  } catch (error) {
    post({
      type: 'failed',
      id: request.id,
      // A developer's detail: the page shows its own sentence for a photo it could not check.
      message: (error as Error).message || 'check-failed',
    });
  }
};
