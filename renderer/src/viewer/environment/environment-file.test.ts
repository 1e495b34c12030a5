import { describe, expect, it } from 'vitest';
import {
  encodeEnvironment,
  parseEnvironment,
  readEnvironment,
  type EnvironmentData,
} from './environment-file';
import { createEnvironmentTexture } from './environment-texture';

/** A small environment whose every texel says where it is (level, face, index). */
function sample(size = 8, levels = 3): EnvironmentData {
  const texels = Array.from({ length: levels }, (_, level) =>
    Array.from({ length: 6 }, (_, face) => {
      const edge = size >> level;
      return Uint16Array.from(
        { length: edge * edge * 4 },
        (_, i) => level * 10_000 + face * 1000 + i,
      );
    }),
  );
  return { header: { version: 1, size, levels, encoding: 'rgba16f' }, texels };
}

function buffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('environment files', () => {
  it('read back what was written, texel for texel', () => {
    const data = sample();
    const back = parseEnvironment(buffer(encodeEnvironment(data)));
    expect(back.header).toEqual(data.header);
    expect(back.texels.map((faces) => faces.map((f) => Array.from(f)))).toEqual(
      data.texels.map((faces) => faces.map((f) => Array.from(f))),
    );
  });

  it('decompress gzip with the platform stream', async () => {
    const data = sample(4, 2);
    const gzip = new Blob([encodeEnvironment(data) as BlobPart])
      .stream()
      .pipeThrough(new CompressionStream('gzip'));
    const back = await readEnvironment(await new Response(gzip).blob());
    expect(Array.from(back.texels[1]![5]!)).toEqual(Array.from(data.texels[1]![5]!));
  });

  it('refuse what is not a complete environment file', () => {
    const good = encodeEnvironment(sample());
    expect(() => parseEnvironment(new TextEncoder().encode('<!doctype html>').buffer)).toThrow(
      /not a Kiln environment file/,
    );
    expect(() => parseEnvironment(buffer(good.subarray(0, good.length - 2)))).toThrow(/expected/);
    // A header one space longer than the writer makes: its texels would start on an odd byte.
    const headerEnd = 12 + new DataView(good.buffer).getUint32(8, true);
    const unpadded = new Uint8Array(good.length + 1);
    unpadded.set(good.subarray(0, headerEnd));
    unpadded[headerEnd] = 0x20;
    unpadded.set(good.subarray(headerEnd), headerEnd + 1);
    new DataView(unpadded.buffer).setUint32(8, headerEnd - 12 + 1, true);
    expect(() => parseEnvironment(buffer(unpadded))).toThrow(/aligned/);
    const future = encodeEnvironment(sample());
    future.set(new TextEncoder().encode('{"version":2'), 12);
    expect(() => parseEnvironment(buffer(future))).toThrow(/version/);
    expect(() =>
      encodeEnvironment({ ...sample(), header: { ...sample().header, size: 6 } }),
    ).toThrow(/size/);
  });

  it('become a cube texture three uses as a PMREM as it is, every level from the largest', () => {
    const texture = createEnvironmentTexture(sample(16, 3));
    expect((texture as unknown as { isPMREMTexture: boolean }).isPMREMTexture).toBe(true);
    const faces = texture.image as unknown as Array<{ mipmaps: Array<{ width: number }> }>;
    expect(faces).toHaveLength(6);
    expect(faces[0]!.mipmaps.map((m) => m.width)).toEqual([16, 8, 4]);
    expect(texture.generateMipmaps).toBe(false);
  });
});
