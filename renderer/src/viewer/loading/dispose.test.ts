import {
  Bone,
  BoxGeometry,
  DirectionalLight,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  ShaderMaterial,
  Skeleton,
  SkinnedMesh,
  Texture,
} from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectTextures, disposeObject } from './dispose';

class FakeImageBitmap {
  readonly width = 4;
  readonly height = 4;
  close = vi.fn();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('disposeObject', () => {
  it('disposes every geometry, material and texture once, even when shared', () => {
    const geometry = new BoxGeometry();
    const map = new Texture();
    const normalMap = new Texture();
    const shared = new MeshStandardMaterial({ map, normalMap });
    const other = new MeshBasicMaterial({ map });
    const root = new Group();
    root.add(new Mesh(geometry, shared));
    root.add(new Mesh(geometry, [shared, other]));
    const nested = new Group();
    const ownGeometry = new BoxGeometry();
    nested.add(new Mesh(ownGeometry, other));
    root.add(nested);

    const spies = [geometry, ownGeometry, shared, other, map, normalMap].map((r) =>
      vi.spyOn(r, 'dispose'),
    );
    const report = disposeObject(root);

    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
    expect(report).toEqual({ geometries: 2, materials: 2, textures: 2, bitmaps: 0 });
  });

  it('closes ImageBitmap images after disposing their textures, once per bitmap', () => {
    vi.stubGlobal('ImageBitmap', FakeImageBitmap);
    const bitmap = new FakeImageBitmap();
    const a = new Texture(bitmap as unknown as ImageBitmap);
    // GLTFLoader clones a texture when two slots use one image with different samplers.
    const b = a.clone();
    const material = new MeshStandardMaterial({ map: a, emissiveMap: b });
    const disposeA = vi.spyOn(a, 'dispose');
    const report = disposeObject(new Mesh(new BoxGeometry(), material));
    expect(disposeA).toHaveBeenCalledTimes(1);
    expect(bitmap.close).toHaveBeenCalledTimes(1);
    expect(report.bitmaps).toBe(1);
  });

  it('leaves non-bitmap images alone', () => {
    vi.stubGlobal('ImageBitmap', FakeImageBitmap);
    const image = { width: 1, height: 1, close: vi.fn() };
    const texture = new Texture(image as unknown as HTMLImageElement);
    disposeObject(new Mesh(new BoxGeometry(), new MeshBasicMaterial({ map: texture })));
    expect(image.close).not.toHaveBeenCalled();
  });

  it('finds textures in shader uniforms, including arrays', () => {
    const single = new Texture();
    const listed = new Texture();
    const material = new ShaderMaterial({
      uniforms: { tA: { value: single }, tList: { value: [listed, 3] }, scale: { value: 2 } },
    });
    const root = new Mesh(new BoxGeometry(), material);
    expect(collectTextures(root)).toEqual(new Set([single, listed]));
    const spy = vi.spyOn(listed, 'dispose');
    disposeObject(root);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('disposes skeletons and lights', () => {
    const bone = new Bone();
    const skeleton = new Skeleton([bone]);
    const skinned = new SkinnedMesh(new BoxGeometry(), new MeshStandardMaterial());
    skinned.add(bone);
    skinned.bind(skeleton);
    const light = new DirectionalLight();
    const root = new Group().add(skinned, light);
    const skeletonSpy = vi.spyOn(skeleton, 'dispose');
    const lightSpy = vi.spyOn(light, 'dispose');
    disposeObject(root);
    expect(skeletonSpy).toHaveBeenCalledTimes(1);
    expect(lightSpy).toHaveBeenCalledTimes(1);
  });
});
