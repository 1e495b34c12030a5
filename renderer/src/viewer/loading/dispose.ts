import type {
  BufferGeometry,
  Light,
  Material,
  Mesh,
  Object3D,
  ShaderMaterial,
  SkinnedMesh,
  Texture,
} from 'three';

/** What {@link disposeObject} released, for tests and logs. */
export interface DisposeReport {
  readonly geometries: number;
  readonly materials: number;
  readonly textures: number;
  /** ImageBitmaps closed (GLTFLoader decodes textures to ImageBitmaps in Chromium). */
  readonly bitmaps: number;
}

function isTexture(value: unknown): value is Texture {
  return typeof value === 'object' && value !== null && (value as Texture).isTexture === true;
}

/**
 * ImageBitmaps hold decoded pixels outside the JS heap; `texture.dispose()` only frees the GPU
 * copy, so the bitmap must be closed or a 4k texture keeps ~64 MB alive until GC notices.
 */
function isImageBitmap(value: unknown): value is ImageBitmap {
  return typeof ImageBitmap !== 'undefined' && value instanceof ImageBitmap;
}

function collectMaterialTextures(material: Material, into: Set<Texture>): void {
  // Every texture slot of the built-in materials (map, normalMap, …) is an own property.
  for (const value of Object.values(material)) {
    if (isTexture(value)) into.add(value);
  }
  const uniforms = (material as Partial<ShaderMaterial>).uniforms;
  if (uniforms) {
    for (const uniform of Object.values(uniforms)) {
      const value: unknown = uniform?.value;
      if (isTexture(value)) into.add(value);
      else if (Array.isArray(value)) value.filter(isTexture).forEach((t) => into.add(t));
    }
  }
}

/** Every texture referenced by the materials under `root`, each once. */
export function collectTextures(root: Object3D): Set<Texture> {
  const textures = new Set<Texture>();
  root.traverse((object) => {
    const { material } = object as Partial<Mesh>;
    if (!material) return;
    for (const m of Array.isArray(material) ? material : [material]) {
      collectMaterialTextures(m, textures);
    }
  });
  return textures;
}

/**
 * Releases every GPU and decoded-image resource held by `root` and its descendants: geometries,
 * materials, their textures (closing ImageBitmaps), skeleton bone textures and light shadow maps.
 * Shared resources are released once. Detach `root` from the scene first: a frame drawn after
 * this would upload the geometry again, and closed bitmaps cannot be uploaded.
 */
export function disposeObject(root: Object3D): DisposeReport {
  const geometries = new Set<BufferGeometry>();
  const materials = new Set<Material>();
  const textures = new Set<Texture>();

  root.traverse((object) => {
    const { geometry, material } = object as Partial<Mesh>;
    if (geometry?.isBufferGeometry) geometries.add(geometry);
    if (material) {
      for (const m of Array.isArray(material) ? material : [material]) materials.add(m);
    }
    const skinned = object as Partial<SkinnedMesh>;
    if (skinned.isSkinnedMesh) skinned.skeleton?.dispose();
    const light = object as Partial<Light>;
    if (light.isLight) light.dispose?.();
  });

  for (const material of materials) collectMaterialTextures(material, textures);

  // GLTFLoader shares one decoded image between textures that reuse a glTF image.
  const bitmaps = new Set<ImageBitmap>();
  for (const geometry of geometries) geometry.dispose();
  for (const material of materials) material.dispose();
  for (const texture of textures) {
    texture.dispose();
    const image: unknown = texture.image;
    if (isImageBitmap(image)) bitmaps.add(image);
  }
  for (const bitmap of bitmaps) bitmap.close();
  return {
    geometries: geometries.size,
    materials: materials.size,
    textures: textures.size,
    bitmaps: bitmaps.size,
  };
}
