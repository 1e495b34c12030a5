import type {
  BufferAttribute,
  BufferGeometry,
  InterleavedBufferAttribute,
  Material,
  Mesh,
  Object3D,
  SkinnedMesh,
  Texture,
} from 'three';
import { countModelStats, type ModelStats } from './model-stats';

/** One texture of a model, as the stats panel lists it. */
export interface TextureInfo {
  /**
   * Material slots that use it, as three.js names the material's property ("map",
   * "normalMap"); `slotText` (texture-slots.ts) writes the name artists know ("Base colour").
   */
  readonly slots: readonly string[];
  readonly width: number;
  readonly height: number;
  /** "PNG", "WebP", "JPEG", "KTX2", or {@link RAW_FORMAT} for pixel data made in code. */
  readonly format: string;
  /** Estimated GPU bytes, mip chain included. */
  readonly bytes: number;
}

/** What the stats panel shows about a model. */
export interface ModelInspection extends ModelStats {
  readonly materials: number;
  readonly textures: readonly TextureInfo[];
  /** Vertex and index buffers, each shared buffer counted once. */
  readonly geometryBytes: number;
  readonly textureBytes: number;
  /** geometryBytes + textureBytes: an estimate of what the model costs on the GPU. */
  readonly gpuBytes: number;
  readonly skinnedMeshes: number;
  readonly bones: number;
}

/** The material property (three.js's name) of the base colour texture. */
export const BASE_COLOUR_SLOT = 'map';

/** The format of a texture whose pixels were made in code. */
export const RAW_FORMAT = 'raw';

const FORMATS: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/ktx2': 'KTX2',
};

function isTexture(value: unknown): value is Texture {
  return typeof value === 'object' && value !== null && (value as Texture).isTexture === true;
}

/** Pixel size of a texture's image (ImageBitmap, canvas, image element or raw data). */
export function textureSize(texture: Texture): { width: number; height: number } {
  const image = texture.image as { width?: number; height?: number } | null | undefined;
  return { width: image?.width ?? 0, height: image?.height ?? 0 };
}

/**
 * "PNG", "WebP", …: the encoded format GLTFLoader recorded, or `raw` for data textures (pixels
 * made in code), which the panel names in words.
 */
export function textureFormat(texture: Texture): string {
  const mime = (texture.userData as { mimeType?: unknown }).mimeType;
  if (typeof mime === 'string') return FORMATS[mime] ?? mime.replace(/^image\//, '').toUpperCase();
  return RAW_FORMAT;
}

/**
 * GPU bytes of a texture: decoded to 4 bytes a texel (what WebGL uploads for PNG/JPEG/WebP
 * whatever the file size), plus a third for the mip chain when mipmaps are generated.
 */
export function textureBytes(width: number, height: number, mipmaps: boolean): number {
  const base = width * height * 4;
  return Math.round(mipmaps ? (base * 4) / 3 : base);
}

/** Bytes of a geometry's buffers, adding each underlying array once to `seen`. */
function geometryBytes(geometry: BufferGeometry, seen: Set<ArrayBufferLike | object>): number {
  let bytes = 0;
  const add = (attribute: BufferAttribute | InterleavedBufferAttribute | null): void => {
    if (!attribute) return;
    const array = (attribute as InterleavedBufferAttribute).isInterleavedBufferAttribute
      ? (attribute as InterleavedBufferAttribute).data.array
      : (attribute as BufferAttribute).array;
    if (seen.has(array)) return;
    seen.add(array);
    bytes += array.byteLength;
  };
  for (const attribute of Object.values(geometry.attributes)) add(attribute);
  for (const list of Object.values(geometry.morphAttributes)) list.forEach(add);
  add(geometry.index);
  return bytes;
}

/** Counts, textures and an estimate of GPU memory for everything under `root`. */
export function inspectModel(root: Object3D): ModelInspection {
  const materials = new Set<Material>();
  const slots = new Map<Texture, Set<string>>();
  const arrays = new Set<ArrayBufferLike | object>();
  const bones = new Set<Object3D>();
  let geometry = 0;
  let skinnedMeshes = 0;

  root.traverse((object) => {
    const mesh = object as Partial<Mesh>;
    if (!mesh.isMesh) return;
    if (mesh.geometry) geometry += geometryBytes(mesh.geometry, arrays);
    const skinned = object as Partial<SkinnedMesh>;
    if (skinned.isSkinnedMesh && skinned.skeleton) {
      skinnedMeshes += 1;
      skinned.skeleton.bones.forEach((b) => bones.add(b));
    }
    const list = Array.isArray(mesh.material)
      ? mesh.material
      : mesh.material
        ? [mesh.material]
        : [];
    for (const material of list) {
      materials.add(material);
      for (const [key, value] of Object.entries(material)) {
        if (!isTexture(value)) continue;
        const names = slots.get(value) ?? new Set<string>();
        names.add(key);
        slots.set(value, names);
      }
    }
  });

  const textures: TextureInfo[] = [...slots].map(([texture, names]) => {
    const { width, height } = textureSize(texture);
    return {
      slots: [...names],
      width,
      height,
      format: textureFormat(texture),
      bytes: textureBytes(width, height, texture.generateMipmaps),
    };
  });
  const texture = textures.reduce((sum, t) => sum + t.bytes, 0);
  return {
    ...countModelStats(root),
    materials: materials.size,
    textures,
    geometryBytes: geometry,
    textureBytes: texture,
    gpuBytes: geometry + texture,
    skinnedMeshes,
    bones: bones.size,
  };
}
