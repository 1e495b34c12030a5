import { Vector2, type WebGLRenderer } from 'three';
import type { Capture } from '../viewer-types';
import { fitCaptureSize, MAX_CAPTURE_SIDE, toImageRows } from './capture-pixels';

/** Draws the view at a size, into the renderer's drawing buffer. */
export type DrawFrame = (width: number, height: number, transparent: boolean) => void;

/**
 * Renders the current view at `width` × `height` (or less, if the GPU or the browser cannot) into
 * a PNG: the canvas is resized for one frame, read back, and put back as it was (and redrawn at
 * once, before the browser shows the resized buffer). A context without multisampling (the
 * viewer's on a software renderer, see `context-attributes.ts`) draws at twice the size, and the
 * image is scaled down to the size asked: a saved picture keeps smooth edges everywhere.
 */
export async function captureFrame(
  gl: WebGLRenderer,
  draw: DrawFrame,
  { width, height, transparent }: { width: number; height: number; transparent: boolean },
): Promise<Capture> {
  const context = gl.getContext();
  const dims = context.getParameter(context.MAX_VIEWPORT_DIMS) as Int32Array;
  const max = Math.min(gl.capabilities.maxTextureSize, dims[0]!, dims[1]!, MAX_CAPTURE_SIDE);
  const asked = fitCaptureSize(width, height, max);
  const attributes = context.getContextAttributes();
  const supersample = attributes?.antialias === false ? SUPERSAMPLE : 1;
  const want = fitCaptureSize(asked.width * supersample, asked.height * supersample, max);
  const scale = want.width / asked.width;
  const size = gl.getSize(new Vector2());
  const ratio = gl.getPixelRatio();
  let pixels: Uint8Array;
  let w: number;
  let h: number;
  try {
    gl.setPixelRatio(1);
    gl.setSize(want.width, want.height, false);
    // The browser may give a smaller drawing buffer than asked (memory limits): use it.
    w = context.drawingBufferWidth;
    h = context.drawingBufferHeight;
    draw(w, h, transparent);
    pixels = new Uint8Array(w * h * 4);
    context.readPixels(0, 0, w, h, context.RGBA, context.UNSIGNED_BYTE, pixels);
  } finally {
    gl.setPixelRatio(ratio);
    gl.setSize(size.x, size.y, false);
    // Redraw the screen at once, before the browser shows the resized buffer.
    draw(size.x, size.y, false);
  }
  const premultiplied = attributes?.premultipliedAlpha ?? true;
  const rows = toImageRows(pixels, w, h, premultiplied);
  const drawn = new OffscreenCanvas(w, h);
  drawn.getContext('2d')!.putImageData(new ImageData(rows, w, h), 0, 0);
  const out = scale > 1 ? scaledDown(drawn, scale) : drawn;
  const blob = await out.convertToBlob({ type: 'image/png' });
  return { blob, width: out.width, height: out.height };
}

/** How much larger a capture is drawn where the context has no multisampling. */
const SUPERSAMPLE = 2;

/** `canvas` scaled down by `scale` with the browser's best filter. */
function scaledDown(canvas: OffscreenCanvas, scale: number): OffscreenCanvas {
  const out = new OffscreenCanvas(
    Math.max(1, Math.round(canvas.width / scale)),
    Math.max(1, Math.round(canvas.height / scale)),
  );
  const context = out.getContext('2d')!;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvas, 0, 0, out.width, out.height);
  return out;
}
