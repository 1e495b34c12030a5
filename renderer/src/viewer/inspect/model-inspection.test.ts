import {
  BoxGeometry,
  DataTexture,
  Group,
  Mesh,
  MeshStandardMaterial,
  RGBAFormat,
  SphereGeometry,
} from 'three';
import { describe, expect, it } from 'vitest';
import { inspectModel, RAW_FORMAT, textureBytes, textureFormat } from './model-inspection';

function texture(size: number, mimeType?: string): DataTexture {
  const t = new DataTexture(new Uint8Array(size * size * 4), size, size, RGBAFormat);
  if (mimeType) t.userData['mimeType'] = mimeType;
  return t;
}

describe('inspectModel', () => {
  it('lists each texture once with the slots that use it, and counts shared materials once', () => {
    const orm = texture(512, 'image/png');
    const material = new MeshStandardMaterial({
      map: texture(1024, 'image/webp'),
      roughnessMap: orm,
      metalnessMap: orm,
    });
    const root = new Group();
    root.add(new Mesh(new BoxGeometry(), material), new Mesh(new SphereGeometry(), material));
    const info = inspectModel(root);
    expect(info.meshes).toBe(2);
    expect(info.materials).toBe(1);
    expect(info.textures).toHaveLength(2);
    const base = info.textures.find((t) => t.slots.includes('map'));
    expect(base).toMatchObject({ width: 1024, height: 1024, format: 'WebP' });
    const packed = info.textures.find((t) => t.format === 'PNG');
    expect(packed?.slots).toEqual(['roughnessMap', 'metalnessMap']);
  });

  it('estimates GPU memory from decoded texels and each buffer once', () => {
    const geometry = new BoxGeometry();
    const root = new Group();
    // Two meshes sharing one geometry: its buffers are on the GPU once.
    root.add(new Mesh(geometry), new Mesh(geometry));
    const info = inspectModel(root);
    const once =
      Object.values(geometry.attributes).reduce((s, a) => s + a.array.byteLength, 0) +
      geometry.index!.array.byteLength;
    expect(info.geometryBytes).toBe(once);
    expect(info.textureBytes).toBe(0);
    expect(info.gpuBytes).toBe(once);
  });
});

describe('texture helpers', () => {
  it('counts 4 bytes a texel and a third more for mipmaps', () => {
    expect(textureBytes(4096, 4096, false)).toBe(64 * 1024 * 1024);
    expect(textureBytes(1024, 1024, true)).toBe(Math.round((4 * 1024 * 1024 * 4) / 3));
  });
  it('names the encoded format', () => {
    expect(textureFormat(texture(4, 'image/jpeg'))).toBe('JPEG');
    expect(textureFormat(texture(4))).toBe(RAW_FORMAT);
  });
});
