/**
 * The export `texture` parameter (service-api.md §4.10). The document's validation pattern
 * accepts `realistic` or `generative` while its description speaks of a baked texture size of
 * 1024, 2048 or 4096; the sandbox accepts all five and gives each a visible effect:
 *
 * - absent or `realistic`: the model's own base colour texture, as generated from the photo;
 * - `generative`: the texture repainted as a clean albedo — photo noise and fine grain removed
 *   (median filter), contrast normalised, colours a little richer: the sandbox's stand-in for a
 *   texture generated rather than projected from the photo;
 * - `1024` / `2048` / `4096`: the texture resampled (Lanczos) to that square size.
 *
 * The result keeps the texture's format (WebP stays WebP in GLBs); formats that need PNG convert
 * afterwards. STL carries no texture, so the parameter changes nothing there.
 */
import sharp from 'sharp';
import { readGlb, writeGlb, type MeshData } from './mesh';

/** The `texture` values of an export. */
export type ExportTexture = 'realistic' | 'generative' | '1024' | '2048' | '4096';

/** True when `texture` changes the file (so even a GLB export needs a conversion). */
export function changesTexture(texture: unknown): texture is Exclude<ExportTexture, 'realistic'> {
  return texture === 'generative' || texture === '1024' || texture === '2048' || texture === '4096';
}

/** An image transformed by the `texture` option, in its own format. */
export async function applyTextureOption(
  image: { bytes: Uint8Array; mimeType: string },
  texture: unknown,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  if (!changesTexture(texture)) return image;
  let pipeline = sharp(image.bytes);
  if (texture === 'generative') {
    pipeline = pipeline.median(5).normalise().modulate({ saturation: 1.2 });
  } else {
    const size = Number(texture);
    pipeline = pipeline.resize(size, size, { fit: 'fill', kernel: 'lanczos3' });
  }
  const bytes =
    image.mimeType === 'image/webp'
      ? await pipeline.webp({ quality: 88, effort: 2, smartSubsample: false }).toBuffer()
      : await pipeline
          .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
          .toBuffer();
  return {
    bytes: new Uint8Array(bytes),
    mimeType: image.mimeType === 'image/webp' ? 'image/webp' : 'image/png',
  };
}

/** The mesh with its texture transformed by the option. */
export async function meshWithTextureOption(mesh: MeshData, texture: unknown): Promise<MeshData> {
  if (!mesh.texture || !changesTexture(texture)) return mesh;
  return { ...mesh, texture: await applyTextureOption(mesh.texture, texture) };
}

/** The GLB with every texture transformed by the option (everything else kept). */
export async function glbWithTextureOption(glb: Uint8Array, texture: unknown): Promise<Uint8Array> {
  if (!changesTexture(texture)) return glb;
  const doc = await readGlb(glb);
  for (const tex of doc.getRoot().listTextures()) {
    const image = tex.getImage();
    if (!image) continue;
    const out = await applyTextureOption(
      { bytes: image, mimeType: tex.getMimeType() || 'image/png' },
      texture,
    );
    tex.setImage(out.bytes).setMimeType(out.mimeType);
  }
  return writeGlb(doc);
}
