import { Texture, type WebGLRenderer } from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRIP_PIXELS, uploadTexture, uploadsInStrips } from './texture-upload';

class FakeImageBitmap {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
}

const GL = {
  TEXTURE_2D: 0x0de1,
  UNPACK_SKIP_ROWS: 0x0cf3,
  RGBA: 0x1908,
  UNSIGNED_BYTE: 0x1401,
};

/** A renderer that records what reaches its context, and what three itself was asked to do. */
function fakeRenderer() {
  const calls: string[] = [];
  const glTexture = {};
  const seen: Array<{ dataReady: boolean; autoMipmaps: boolean }> = [];
  const gl = {
    ...GL,
    pixelStorei: (_: number, value: number) => calls.push(`skip ${value}`),
    texSubImage2D: (...args: unknown[]) => calls.push(`rows ${String(args[3])}+${String(args[5])}`),
    generateMipmap: () => calls.push('mipmaps'),
  };
  const renderer = {
    initTexture: (texture: Texture) => {
      seen.push({ dataReady: texture.source.dataReady, autoMipmaps: texture.mipmapsAutoUpdate });
      calls.push('init');
    },
    properties: { get: () => ({ __webglTexture: glTexture }) },
    getContext: () => gl,
    state: {
      bindTexture: (_: number, texture: unknown) => {
        if (texture !== glTexture) throw new Error('another texture bound');
      },
    },
  } as unknown as WebGLRenderer;
  return { renderer, calls, seen };
}

function bitmapTexture(width: number, height: number): Texture {
  vi.stubGlobal('ImageBitmap', FakeImageBitmap);
  return new Texture(new FakeImageBitmap(width, height) as unknown as ImageBitmap);
}

const noWait = () => Promise.resolve();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadTexture', () => {
  it('uploads a large bitmap in strips of rows, each at its place, then makes the mipmaps once', async () => {
    const width = 1024;
    const texture = bitmapTexture(width, 700);
    const { renderer, calls, seen } = fakeRenderer();
    await uploadTexture(renderer, texture, new AbortController().signal, noWait);
    const rows = STRIP_PIXELS / width;
    expect(calls).toEqual([
      'init',
      'skip 0',
      `rows 0+${rows}`,
      'skip 0',
      `skip ${rows}`,
      `rows ${rows}+${rows}`,
      'skip 0',
      `skip ${2 * rows}`,
      `rows ${2 * rows}+${700 - 2 * rows}`,
      'skip 0',
      'mipmaps',
    ]);
    // three.js only allocated it (no pixels, no mipmaps of nothing), and the texture is as it was.
    expect(seen).toEqual([{ dataReady: false, autoMipmaps: false }]);
    expect(texture.source.dataReady).toBe(true);
    expect(texture.mipmapsAutoUpdate).toBe(true);
  });

  it('leaves small textures, and what is not a bitmap, to three.js', async () => {
    for (const texture of [bitmapTexture(256, 256), new Texture()]) {
      expect(uploadsInStrips(texture)).toBe(false);
      const { renderer, calls, seen } = fakeRenderer();
      await uploadTexture(renderer, texture, new AbortController().signal, noWait);
      expect(calls).toEqual(['init']);
      expect(seen).toEqual([{ dataReady: true, autoMipmaps: true }]);
    }
  });

  it('stops between strips when the load is superseded', async () => {
    const texture = bitmapTexture(2048, 2048);
    const { renderer, calls } = fakeRenderer();
    const abort = new AbortController();
    let strips = 0;
    await uploadTexture(renderer, texture, abort.signal, async () => {
      if (++strips === 3) abort.abort();
    });
    expect(calls.filter((c) => c.startsWith('rows'))).toHaveLength(2);
    expect(calls).not.toContain('mipmaps');
  });

  it('makes no mipmaps for a texture that has none', async () => {
    const texture = bitmapTexture(1024, 1024);
    texture.generateMipmaps = false;
    const { renderer, calls } = fakeRenderer();
    await uploadTexture(renderer, texture, new AbortController().signal, noWait);
    expect(calls).not.toContain('mipmaps');
  });
});
