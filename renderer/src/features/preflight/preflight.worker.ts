/**
 * The preflight worker: decodes a photo (a JPEG at a fraction of its size where WebCodecs can,
 * then down to the two sizes the check looks at and the small one the page shows, so a
 * 12-megapixel photo is never decoded whole on the page) and
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
import { JPG } from 'image-size/types/jpg';
import type { RawImage } from '../../../../shared/segmentation/raster';
import type { PhotoPreflight } from '../../../../shared/preflight/types';
import {
  PREVIEW_SIDE,
  SCALED_DECODE_SIDE,
  type PreflightRequest,
  type PreflightResponse,
} from './protocol';

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

/** A photo decoded for the checks: its size as seen (EXIF orientation applied) and a bitmap. */
interface Decoded {
  readonly width: number;
  readonly height: number;
  /** At least {@link DETAIL_SIDE} on its longest side (or the whole photo when smaller). */
  readonly bitmap: ImageBitmap | VideoFrame;
}

/** A JPEG header is read for its size and orientation from its first bytes (EXIF, then SOF). */
const HEADER_BYTES = 512 * 1024;

/**
 * A JPEG decoded straight at a fraction of its size (a quarter of the pixels' work for a
 * 12-megapixel photo: ~40 ms instead of ~130 ms here), or `null` when that cannot be done
 * (another format, no WebCodecs, a header this does not read): the caller decodes it whole.
 */
async function decodeJpegScaled(photo: Blob): Promise<Decoded | null> {
  if (typeof ImageDecoder === 'undefined') return null;
  // The header first: a photo that does not take this path is not read whole twice.
  const head = new Uint8Array(await photo.slice(0, HEADER_BYTES).arrayBuffer());
  if (!JPG.validate(head)) return null;
  let size: { width?: number; height?: number; orientation?: number };
  try {
    size = JPG.calculate(head);
  } catch {
    return null;
  }
  // A photo within the scaled side would be decoded whole anyway, and a decoded frame costs
  // more to resample than a bitmap (B17's batch of 2000 px photos: twice the time).
  if (!size.width || !size.height || Math.max(size.width, size.height) <= SCALED_DECODE_SIDE) {
    return null;
  }
  // Orientations 5–8 turn the photo a quarter: its width is the file's height.
  const turned = (size.orientation ?? 1) >= 5;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  const decoder = new ImageDecoder({
    data: new Uint8Array(await photo.arrayBuffer()),
    type: 'image/jpeg',
    desiredWidth: SCALED_DECODE_SIDE,
    desiredHeight: SCALED_DECODE_SIDE,
  });
  try {
    const { image } = await decoder.decode();
    const long = Math.max(image.displayWidth, image.displayHeight);
    // The decoder applied the orientation the header named, and kept enough detail.
    const sameTurn = image.displayWidth >= image.displayHeight === width >= height;
    if (!sameTurn || long < Math.min(DETAIL_SIDE, Math.max(width, height))) {
      image.close();
      return null;
    }
    return { width, height, bitmap: image };
  } catch {
    return null;
  } finally {
    decoder.close();
  }
}

/** The photo decoded whole, with its EXIF orientation: any format Chromium reads. */
async function decodeWhole(photo: Blob): Promise<Decoded> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  return { width: bitmap.width, height: bitmap.height, bitmap };
}

/**
 * Checks a photo; `showPreview`, when given, gets the photo small for the page first (and owns
 * it: it transfers or closes it).
 */
async function check(
  photo: Blob,
  showPreview?: (small: ImageBitmap) => void,
): Promise<PhotoPreflight> {
  const decoded = (await decodeJpegScaled(photo)) ?? (await decodeWhole(photo));
  const { width, height, bitmap: full } = decoded;
  try {
    // Down to the detail size in one resampling pass, then the small ones from that.
    const d = fitWithin(width, height, DETAIL_SIDE);
    const detailBitmap = await createImageBitmap(full, {
      resizeWidth: d.width,
      resizeHeight: d.height,
      resizeQuality: 'medium',
    });
    full.close();
    if (showPreview) {
      const p = fitWithin(width, height, PREVIEW_SIDE);
      const small = await createImageBitmap(detailBitmap, {
        resizeWidth: p.width,
        resizeHeight: p.height,
        resizeQuality: 'medium',
      });
      // The page shows the photo now, while the check runs.
      showPreview(small);
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

/**
 * Takes a made-up JPEG wider than {@link SCALED_DECODE_SIDE} the first photo's whole way (a
 * scaled decode, its resamplings, a preview, the checks) before any photo comes. The first
 * decode of a worker sets up the JPEG codec and the GPU channel that turns the decoded frame
 * into a bitmap (B17, a fresh page's first 12 MP drop: 34 ms to open the channel and the
 * verdict at 310–340 ms against ~200 ms for the drops after it). One colour, so the file is
 * small and quick to make; the checks' hot loops are compiled by `warmUpChecks` instead.
 */
async function warmUpDecode(): Promise<void> {
  const canvas = new OffscreenCanvas(SCALED_DECODE_SIDE + 64, 16);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = '#b0a090';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await check(await canvas.convertToBlob({ type: 'image/jpeg' }), (small) => small.close());
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
      await warmUpDecode();
      post({ type: 'warmed', id: request.id });
    } else if (request.type === 'check') {
      const { id } = request;
      const result = await check(
        request.photo,
        request.preview
          ? (small) => post({ type: 'preview', id, preview: small }, [small])
          : undefined,
      );
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
