import { MeshoptEncoder } from 'meshoptimizer';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the meshopt decoder of the app’s loaders', () => {
  it('decodes what meshoptimizer encoded (no workers here: in this thread)', async () => {
    const { gltfLoaderFor } = await import('./gltf-loaders');
    await MeshoptEncoder.ready;
    const vertices = new Uint8Array(Array.from({ length: 64 * 16 }, (_, i) => (i * 7) % 251));
    const encoded = MeshoptEncoder.encodeGltfBuffer(vertices, 64, 16, 'ATTRIBUTES');
    const decoder = (
      gltfLoaderFor() as unknown as {
        meshoptDecoder: {
          ready: Promise<void>;
          decodeGltfBufferAsync(
            count: number,
            size: number,
            source: Uint8Array,
            mode: string,
            filter: string,
          ): Promise<Uint8Array>;
        };
      }
    ).meshoptDecoder;
    await decoder.ready;
    const decoded = await decoder.decodeGltfBufferAsync(64, 16, encoded, 'ATTRIBUTES', 'NONE');
    expect(Array.from(decoded)).toEqual(Array.from(vertices));
  });

  // After the test above: three's decoder is one module-wide object, and keeps the workers it was
  // given (these stand-ins answer nothing).
  it('starts no worker until a buffer needs decoding, then its two, and decodes through them', async () => {
    const spawned: string[] = [];
    // Workers that answer nothing: enough to see when they are started.
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: string) {
          spawned.push(url);
        }
        postMessage() {}
        addEventListener() {}
        terminate() {}
        set onmessage(_: unknown) {}
      },
    );
    const { getGltfLoaders, gltfLoaderFor } = await import('./gltf-loaders');
    getGltfLoaders();
    const loader = gltfLoaderFor();
    expect(spawned).toHaveLength(0); // a model without meshopt never waits for them

    const decoder = (
      loader as unknown as {
        meshoptDecoder: { decodeGltfBufferAsync: (...args: unknown[]) => unknown };
      }
    ).meshoptDecoder;
    void decoder.decodeGltfBufferAsync(1, 4, new Uint8Array(16), 'ATTRIBUTES', 'NONE');
    expect(spawned).toHaveLength(2);
  });
});
