import { afterEach, describe, expect, it, vi } from 'vitest';
import { thumbnailOf } from './input-thumbnail';

/** A stand-in for the page's canvas API: records how the thumbnail is drawn and encoded. */
function fakeCanvasApi(photo: { width: number; height: number }) {
  const made: Array<{ width: number; height: number; options: unknown; encoded: unknown }> = [];
  const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
  class FakeOffscreenCanvas {
    readonly record: (typeof made)[number];
    constructor(width: number, height: number) {
      this.record = { width, height, options: undefined, encoded: undefined };
      made.push(this.record);
    }
    getContext(kind: string, options: unknown) {
      expect(kind).toBe('2d');
      this.record.options = options;
      return context;
    }
    convertToBlob(options: unknown) {
      this.record.encoded = options;
      return Promise.resolve(
        new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
      );
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn((_: Blob, options?: { resizeWidth: number; resizeHeight: number }) =>
      Promise.resolve({
        width: options?.resizeWidth ?? photo.width,
        height: options?.resizeHeight ?? photo.height,
        close: vi.fn(),
      }),
    ),
  );
  return { made, context };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('thumbnailOf', () => {
  it('draws on a canvas kept in memory and encodes without a synchronous GPU read-back (issue 29, B10)', async () => {
    const { made, context } = fakeCanvasApi({ width: 1200, height: 800 });
    const url = await thumbnailOf(new Blob([new Uint8Array(8)], { type: 'image/png' }));
    expect(url).toBe('data:image/jpeg;base64,/9j/2Q==');
    expect(made).toEqual([
      {
        width: 192,
        height: 128,
        options: { willReadFrequently: true },
        encoded: { type: 'image/jpeg', quality: 0.82 },
      },
    ]);
    expect(context.drawImage).toHaveBeenCalledOnce();
  });

  it('keeps a small photo at its own size', async () => {
    const { made } = fakeCanvasApi({ width: 120, height: 90 });
    await thumbnailOf(new Blob([new Uint8Array(8)], { type: 'image/png' }));
    expect(made[0]).toMatchObject({ width: 120, height: 90 });
  });

  it('answers undefined for a picture the page cannot decode', async () => {
    fakeCanvasApi({ width: 1, height: 1 });
    vi.stubGlobal('createImageBitmap', () =>
      Promise.reject(new DOMException('bad', 'InvalidStateError')),
    );
    expect(await thumbnailOf(new Blob([new Uint8Array(8)]))).toBeUndefined();
  });
});
