/**
 * Retexture (service-api.md §4.6): the same model, painted anew from a photo.
 *
 * The geometry, UV layout and everything else of the model's GLB (nodes, skins, animations, part
 * names) are kept; only the base colour textures are replaced. Each new texture is baked in UV
 * space: every texel of every triangle finds its point on the surface, and that point takes the
 * colour the photo shows there, the photo's object (segmented as for a generation) stretched over
 * the model's front silhouette. Surfaces facing away from the camera take a softened, darker
 * copy (the back is invented, as in a one-photo generation), blended by the surface normal.
 * Texels outside every triangle are filled from their neighbours so filtering at UV seams stays
 * clean.
 */
import { type Document, type Material, type Node, Primitive } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { documentToMesh, readGlb, writeGlb } from '../artifacts/mesh';
import { decodePhoto, rawSharp, toBytes } from './decode';
import { mulberry32 } from '../../../shared/segmentation/random';
import { forEachCoveredPixel, renderThumbnailOfMesh, sampleRgb, type RgbImage } from './render';
import { segment, maskCropAlpha } from '../../../shared/segmentation/segment';

/** Options of a retexture. */
export interface RetextureOptions {
  textureSize: 1024 | 2048 | 4096;
  textureFormat: 'webp' | 'png';
  seed?: number;
}

/** A retextured model. */
export interface RetexturedModel {
  glb: Uint8Array;
  /** 256×256 WebP of the repainted model from the front. */
  thumbnail: Uint8Array;
  triangles: number;
  vertices: number;
}

/** World-space triangles of the primitives that use one material. */
interface Surface {
  positions: number[];
  normals: number[];
  uvs: number[];
}

function transform(m: readonly number[], x: number, y: number, z: number, w: number) {
  return [
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]! * w,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]! * w,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]! * w,
  ] as const;
}

/** Triangle soups per material (only primitives with texture coordinates can be painted). */
function surfaces(doc: Document): Map<Material, Surface> {
  const out = new Map<Material, Surface>();
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const el: number[] = [];
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    const m = node.getWorldMatrix() as unknown as number[];
    for (const prim of mesh?.listPrimitives() ?? []) {
      const material = prim.getMaterial();
      const pos = prim.getAttribute('POSITION');
      const nrm = prim.getAttribute('NORMAL');
      const uv = prim.getAttribute('TEXCOORD_0');
      if (!material || !pos || !uv || prim.getMode() !== Primitive.Mode.TRIANGLES) continue;
      let surface = out.get(material);
      if (!surface) out.set(material, (surface = { positions: [], normals: [], uvs: [] }));
      const idx = prim.getIndices();
      const count = idx ? idx.getCount() : pos.getCount();
      for (let i = 0; i < count; i++) {
        const v = idx ? idx.getScalar(i) : i;
        pos.getElement(v, el);
        surface.positions.push(...transform(m, el[0]!, el[1]!, el[2]!, 1));
        if (nrm) {
          nrm.getElement(v, el);
          const [x, y, z] = transform(m, el[0]!, el[1]!, el[2]!, 0);
          const l = Math.hypot(x, y, z) || 1;
          surface.normals.push(x / l, y / l, z / l);
        } else {
          surface.normals.push(0, 0, 1);
        }
        uv.getElement(v, el);
        surface.uvs.push(el[0]!, el[1]!);
      }
    }
    for (const child of node.listChildren()) visit(child);
  };
  for (const node of scene?.listChildren() ?? []) visit(node);
  return out;
}

/**
 * Push-pull fill: pixels of weight below 1 take the colour of the surrounding trusted pixels
 * (averaged over ever coarser levels), so the photo's background never paints the model.
 */
function pushPull(rgb: Float32Array, weight: Float32Array, width: number, height: number): void {
  if (width <= 1 && height <= 1) return;
  const w2 = Math.max(1, Math.ceil(width / 2));
  const h2 = Math.max(1, Math.ceil(height / 2));
  const coarse = new Float32Array(w2 * h2 * 3);
  const coarseWeight = new Float32Array(w2 * h2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const j = (y >> 1) * w2 + (x >> 1);
      const w = weight[i]!;
      coarseWeight[j] = coarseWeight[j]! + w;
      for (let k = 0; k < 3; k++) coarse[j * 3 + k] = coarse[j * 3 + k]! + rgb[i * 3 + k]! * w;
    }
  }
  for (let j = 0; j < w2 * h2; j++) {
    const w = coarseWeight[j]!;
    if (w > 0) for (let k = 0; k < 3; k++) coarse[j * 3 + k] = coarse[j * 3 + k]! / w;
    coarseWeight[j] = Math.min(1, w);
  }
  pushPull(coarse, coarseWeight, w2, h2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const w = weight[i]!;
      if (w >= 1) continue;
      const j = (y >> 1) * w2 + (x >> 1);
      for (let k = 0; k < 3; k++) {
        rgb[i * 3 + k] = rgb[i * 3 + k]! * w + coarse[j * 3 + k]! * (1 - w);
      }
    }
  }
}

/** The photo's object, cropped and with its background replaced by the object's own colours. */
async function photoSources(photo: Uint8Array, side: number, seed: number) {
  const { work, analysis, hasAlpha } = await decodePhoto(photo, side);
  const seg = segment(analysis, hasAlpha);
  const sx = work.width / seg.width;
  const sy = work.height / seg.height;
  const left = Math.min(work.width - 1, Math.floor(seg.bbox.x0 * sx));
  const top = Math.min(work.height - 1, Math.floor(seg.bbox.y0 * sy));
  const width = Math.max(1, Math.min(work.width - left, Math.ceil(seg.bbox.x1 * sx) - left));
  const height = Math.max(1, Math.min(work.height - top, Math.ceil(seg.bbox.y1 * sy) - top));
  const crop = await rawSharp(work)
    .extract({ left, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer();
  const { bytes: maskCrop, width: bw, height: bh } = maskCropAlpha(seg);
  const alpha = await sharp(maskCrop, { raw: { width: bw, height: bh, channels: 1 } })
    .resize({ width, height, fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const rgb = new Float32Array(width * height * 3);
  const weight = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    // Only well inside the silhouette is trusted; its rim is filled from within.
    weight[i] = Math.min(1, Math.max(0, (alpha[i]! / 255 - 0.5) * 2));
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = crop[i * 3 + k]!;
  }
  pushPull(rgb, weight, width, height);
  const front: RgbImage = { data: Uint8Array.from(rgb, (v) => Math.round(v)), width, height };
  // The invented back: the object softened and darker, with a seeded shade.
  const random = mulberry32((seed >>> 0) ^ 0x5eed);
  const shade = 0.7 + 0.1 * random();
  const blurred = await sharp(front.data, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.5, 0.01 * Math.max(width, height)))
    .linear([shade, shade, shade], [0, 0, 0])
    .raw()
    .toBuffer();
  const back: RgbImage = { data: toBytes(blurred), width, height };
  return { front, back };
}

/** Bakes one material's texture: every covered texel takes the photo's colour at its point. */
function bake(
  surface: Surface,
  size: number,
  frame: { minX: number; maxY: number; width: number; height: number },
  front: RgbImage,
  back: RgbImage,
): Uint8Array {
  const colour = new Float32Array(size * size * 3);
  const covered = new Uint8Array(size * size);
  const { positions: p, normals: n, uvs } = surface;
  const f = [0, 0, 0];
  const b = [0, 0, 0];
  for (let t = 0; t < p.length / 9; t++) {
    const a = t * 3;
    const triangle = {
      ax: uvs[a * 2]! * size,
      ay: uvs[a * 2 + 1]! * size,
      bx: uvs[a * 2 + 2]! * size,
      by: uvs[a * 2 + 3]! * size,
      cx: uvs[a * 2 + 4]! * size,
      cy: uvs[a * 2 + 5]! * size,
    };
    forEachCoveredPixel(triangle, size, 1e-6, (x, y, w0, w1, w2) => {
      const X = w0 * p[a * 3]! + w1 * p[a * 3 + 3]! + w2 * p[a * 3 + 6]!;
      const Y = w0 * p[a * 3 + 1]! + w1 * p[a * 3 + 4]! + w2 * p[a * 3 + 7]!;
      const nz = w0 * n[a * 3 + 2]! + w1 * n[a * 3 + 5]! + w2 * n[a * 3 + 8]!;
      const su = (X - frame.minX) / frame.width;
      const sv = (frame.maxY - Y) / frame.height;
      sampleRgb(front, su, sv, f);
      sampleRgb(back, su, sv, b);
      const facing = Math.min(1, Math.max(0, 0.5 + nz * 2.5));
      const o = y * size + x;
      for (let k = 0; k < 3; k++) colour[o * 3 + k] = b[k]! + (f[k]! - b[k]!) * facing;
      covered[o] = 1;
    });
  }
  // Grow the painted islands a few texels (clean seams under filtering), then fill the rest.
  let mean = [0, 0, 0];
  let count = 0;
  for (let o = 0; o < size * size; o++) {
    if (!covered[o]) continue;
    for (let k = 0; k < 3; k++) mean[k] = mean[k]! + colour[o * 3 + k]!;
    count++;
  }
  mean = mean.map((v) => (count ? v / count : 128));
  for (let pass = 0; pass < 4; pass++) {
    const grown: number[] = [];
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const o = y * size + x;
        if (covered[o]) continue;
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let k = 0;
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
          const q = ny * size + nx;
          if (covered[q] !== 1) continue;
          s0 += colour[q * 3]!;
          s1 += colour[q * 3 + 1]!;
          s2 += colour[q * 3 + 2]!;
          k++;
        }
        if (k > 0) grown.push(o, s0 / k, s1 / k, s2 / k);
      }
    }
    for (let i = 0; i < grown.length; i += 4) {
      const o = grown[i]!;
      colour[o * 3] = grown[i + 1]!;
      colour[o * 3 + 1] = grown[i + 2]!;
      colour[o * 3 + 2] = grown[i + 3]!;
      covered[o] = 1;
    }
  }
  const out = new Uint8Array(size * size * 3);
  for (let o = 0; o < size * size; o++) {
    for (let k = 0; k < 3; k++) {
      out[o * 3 + k] = Math.round(covered[o] ? colour[o * 3 + k]! : mean[k]!);
    }
  }
  return out;
}

/**
 * Paints a model anew from a photo: same GLB, new base colour textures.
 *
 * @throws NoObjectError when the photo shows no distinguishable object.
 */
export async function retextureFromPhoto(
  glb: Uint8Array,
  photo: Uint8Array,
  options: RetextureOptions,
): Promise<RetexturedModel> {
  const doc = await readGlb(glb);
  const groups = surfaces(doc);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const { positions } of groups.values()) {
    for (let i = 0; i < positions.length; i += 3) {
      minX = Math.min(minX, positions[i]!);
      maxX = Math.max(maxX, positions[i]!);
      minY = Math.min(minY, positions[i + 1]!);
      maxY = Math.max(maxY, positions[i + 1]!);
    }
  }
  const frame = { minX, maxY, width: maxX - minX || 1, height: maxY - minY || 1 };
  const { front, back } = await photoSources(photo, options.textureSize, options.seed ?? 0);
  const size = options.textureSize;
  const mimeType = options.textureFormat === 'webp' ? 'image/webp' : 'image/png';
  let index = 0;
  for (const [material, surface] of groups) {
    const raw = bake(surface, size, frame, front, back);
    const image = sharp(raw, { raw: { width: size, height: size, channels: 3 } });
    const bytes =
      options.textureFormat === 'webp'
        ? await image.webp({ quality: 88, effort: 2, smartSubsample: false }).toBuffer()
        : await image
            .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
            .toBuffer();
    const texture = doc
      .createTexture(`${material.getName() || 'material'}_retexture_${index++}`)
      .setImage(toBytes(bytes))
      .setMimeType(mimeType);
    material.setBaseColorTexture(texture).setBaseColorFactor([1, 1, 1, 1]);
  }
  // Textures the new ones replaced are no longer referenced.
  for (const texture of doc.getRoot().listTextures()) {
    if (texture.listParents().every((parent) => parent === doc.getRoot())) texture.dispose();
  }
  // EXT_texture_webp is declared (required) exactly when a WebP texture remains.
  const webp = doc
    .getRoot()
    .listExtensionsUsed()
    .find((e) => e.extensionName === EXTTextureWebP.EXTENSION_NAME);
  const anyWebp = doc
    .getRoot()
    .listTextures()
    .some((t) => t.getMimeType() === 'image/webp');
  if (anyWebp && !webp) doc.createExtension(EXTTextureWebP).setRequired(true);
  if (!anyWebp && webp) webp.dispose();
  const out = await writeGlb(doc);
  const mesh = documentToMesh(await readGlb(out));
  const thumbTexture = mesh.texture
    ? await sharp(mesh.texture.bytes)
        .resize(512, 512, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
    : undefined;
  const thumbnail = await renderThumbnailOfMesh(
    mesh,
    thumbTexture
      ? {
          data: toBytes(thumbTexture.data),
          width: thumbTexture.info.width,
          height: thumbTexture.info.height,
        }
      : undefined,
    mesh.baseColor,
  );
  return {
    glb: out,
    thumbnail,
    triangles: mesh.indices.length / 3,
    vertices: mesh.positions.length / 3,
  };
}
