import { describe, expect, it } from 'vitest';
import { captureFileName, fitCaptureSize, toImageRows } from './capture-pixels';

describe('toImageRows', () => {
  it('flips rows and un-premultiplies alpha', () => {
    // 1 × 2 image: bottom row opaque red, top row half-transparent premultiplied white.
    const pixels = new Uint8Array([255, 0, 0, 255, 128, 128, 128, 128]);
    const rows = toImageRows(pixels, 1, 2, true);
    expect([...rows]).toEqual([255, 255, 255, 128, 255, 0, 0, 255]);
  });
  it('keeps fully transparent pixels black', () => {
    expect([...toImageRows(new Uint8Array([0, 0, 0, 0]), 1, 1, true)]).toEqual([0, 0, 0, 0]);
  });
});

describe('fitCaptureSize', () => {
  it('scales down to the GPU limit keeping the aspect', () => {
    expect(fitCaptureSize(8000, 4000, 4096)).toEqual({ width: 4096, height: 2048 });
    expect(fitCaptureSize(1920, 1080, 4096)).toEqual({ width: 1920, height: 1080 });
  });
});

describe('captureFileName', () => {
  it('names the file after the model and size', () => {
    expect(captureFileName('Coffee mug.glb', 1920, 1080)).toBe('kiln-Coffee-mug-1920x1080.png');
  });
});
