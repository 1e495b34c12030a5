/**
 * A capture size the user can pick. `viewer` means the viewer's own size on screen, `custom`
 * the size typed; the others have their pixels and, for a video standard, its name ("HD").
 */
export interface CaptureSize {
  readonly id: string;
  readonly width?: number;
  readonly height?: number;
  readonly standardName?: string;
}

/** Sizes offered in the capture menu (the panel names them: "1920 × 1080 (HD)"). */
export const CAPTURE_SIZES: readonly CaptureSize[] = [
  { id: 'viewer' },
  { id: '1024', width: 1024, height: 1024 },
  { id: '1080p', width: 1920, height: 1080, standardName: 'HD' },
  { id: '2048', width: 2048, height: 2048 },
  { id: '4k', width: 3840, height: 2160, standardName: '4K' },
  { id: 'custom' },
];

/** Largest side the capture inputs accept; the GPU may allow less (see {@link fitCaptureSize}). */
export const MAX_CAPTURE_SIDE = 8192;

/** `width` × `height` scaled down, keeping the aspect, so neither side exceeds `max`. */
export function fitCaptureSize(
  width: number,
  height: number,
  max: number,
): { width: number; height: number } {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const k = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.floor(w * k)), height: Math.max(1, Math.floor(h * k)) };
}

/**
 * Turns `readPixels` output (rows bottom-up, colour premultiplied by alpha in a
 * `premultipliedAlpha` context) into top-down, straight-alpha RGBA as `ImageData` wants.
 */
export function toImageRows(
  pixels: Uint8Array,
  width: number,
  height: number,
  premultiplied: boolean,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(width * height * 4);
  const stride = width * 4;
  for (let y = 0; y < height; y++) {
    const from = (height - 1 - y) * stride;
    const to = y * stride;
    for (let x = 0; x < stride; x += 4) {
      const a = pixels[from + x + 3]!;
      out[to + x + 3] = a;
      if (!premultiplied || a === 255) {
        out[to + x] = pixels[from + x]!;
        out[to + x + 1] = pixels[from + x + 1]!;
        out[to + x + 2] = pixels[from + x + 2]!;
      } else if (a > 0) {
        out[to + x] = (pixels[from + x]! * 255) / a;
        out[to + x + 1] = (pixels[from + x + 1]! * 255) / a;
        out[to + x + 2] = (pixels[from + x + 2]! * 255) / a;
      }
    }
  }
  return out;
}

/** "mug": a model's name as the stem of a file name Kiln saves from the viewer. */
export function modelFileStem(modelName: string): string {
  return (
    modelName
      .replace(/\.(glb|gltf)$/i, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'model'
  );
}

/** "kiln-mug-1920x1080.png": a file name from the model name and the size. */
export function captureFileName(modelName: string, width: number, height: number): string {
  const fileName = `kiln-${modelFileStem(modelName)}-${width}x${height}.png`;
  return fileName;
}
