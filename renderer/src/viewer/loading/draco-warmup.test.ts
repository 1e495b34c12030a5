import draco3d from 'draco3d';
import { BufferAttribute, BufferGeometry } from 'three';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { describe, expect, it } from 'vitest';
import { tetrahedronDrc, warmDracoWorkers } from './draco-warmup';

describe('the embedded Draco warm-up mesh', () => {
  it('is a valid Draco mesh: 4 triangles with positions, normals and UVs', async () => {
    const decoderModule = await draco3d.createDecoderModule({});
    const decoder = new decoderModule.Decoder();
    const mesh = new decoderModule.Mesh();
    const buffer = new decoderModule.DecoderBuffer();
    const bytes = new Int8Array(tetrahedronDrc());
    buffer.Init(bytes, bytes.length);
    const status = decoder.DecodeBufferToMesh(buffer, mesh);
    expect(status.ok()).toBe(true);
    expect(mesh.num_faces()).toBe(4);
    expect(mesh.num_points()).toBe(4);
    for (const type of [decoderModule.POSITION, decoderModule.NORMAL, decoderModule.TEX_COORD]) {
      expect(decoder.GetAttributeId(mesh, type)).toBeGreaterThanOrEqual(0);
    }
    decoderModule.destroy(buffer);
    decoderModule.destroy(mesh);
    decoderModule.destroy(decoder);
  });

  it('warms every worker with its own copy of the bytes, in parallel', async () => {
    const buffers: ArrayBuffer[] = [];
    const pending: Array<() => void> = [];
    const fake = {
      parse(buffer: ArrayBuffer, onLoad: (g: BufferGeometry) => void) {
        buffers.push(buffer);
        const geometry = new BufferGeometry();
        geometry.setIndex(new BufferAttribute(new Uint16Array(12), 1));
        pending.push(() => onLoad(geometry));
      },
    } as unknown as DRACOLoader;
    const warmed = warmDracoWorkers(fake, 2);
    // Both decodes are asked for before either finishes: each gets a worker of its own.
    expect(buffers).toHaveLength(2);
    expect(buffers[0]).not.toBe(buffers[1]);
    pending.forEach((finish) => finish());
    await expect(warmed).resolves.toEqual([4, 4]);
  });

  it('rejects when the decoder fails, so the caller can reset it', async () => {
    const fake = {
      parse(_: ArrayBuffer, __: unknown, onError: (e: unknown) => void) {
        onError(new Error('decoder file missing'));
      },
    } as unknown as DRACOLoader;
    await expect(warmDracoWorkers(fake, 2)).rejects.toThrow('decoder file missing');
  });
});
