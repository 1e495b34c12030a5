/**
 * Quad remesh (service-api.md §4.12).
 *
 * 1. `interior=fill`: shells enclosed by another shell are dropped (outer skin only). A generated
 *    model is a single closed shell, so for it this changes nothing.
 * 2. The surface is reduced with meshoptimizer (`Regularize`: even triangles) to about twice
 *    `faces` triangles (the deviation bound is relaxed step by step until the count is reached), and the triangles are merged pairwise into quads ({@link pairQuads}):
 *    a quad-dominant mesh of about `faces` polygons. If the count misses by more than 5 %, the
 *    triangle target is corrected once.
 * 3. `symmetry`: the reduced surface is cut along the model's centre plane (x = centre of its
 *    bounds), the −X half is paired into quads and mirrored onto +X, so shape and quad flow are
 *    mirror images and the two halves share the vertices on the plane.
 * 4. Texture: the reduction keeps the model's UV layout (it only collapses vertices, and the
 *    symmetry cut interpolates them), so the base colour re-bakes by resampling the texture to
 *    `texture` pixels (Lanczos, PNG); without `texture` the model's own size is kept.
 *
 * `format=glb` writes the polygons triangulated (each quad along its own diagonal); `format=fbx`
 * writes the quads themselves (see ./fbx.ts), zipped with the texture.
 */
import { strToU8 } from 'fflate';
import sharp from 'sharp';
import { LIMITS } from '../../../shared/api/rules';
import { fbxBinary } from './fbx';
import { meshToGlb, type MeshData, type PolygonMesh } from './mesh';
import { simplifyMesh } from './simplify';
import { stableZip } from './zip';
import { clipLeftHalf, dropEnclosed, mirrorPolygons, pairQuads, polygonsToMesh } from './topology';

/** Retopo parameters (validated by shared/api/params.ts). */
export interface RetopoParams {
  faces: number | null;
  texture: number | null;
  symmetry: boolean;
  interior: 'keep' | 'fill';
  format: 'glb' | 'fbx';
}

/** The face target when the call gives none: a quarter of the model's triangles, in range. */
export function defaultFaces(triangles: number): number {
  const faces = Math.round(triangles / 4 / LIMITS.faces.step) * LIMITS.faces.step;
  return Math.min(LIMITS.faces.max, Math.max(LIMITS.faces.min, faces));
}

/** What a retopo makes before it is written. */
export interface RetopoResult {
  mesh: PolygonMesh;
  /** The face target. */
  faces: number;
  quads: number;
  triangles: number;
}

/** Deviation bounds (share of the model's size) tried in turn until the target is reached. */
const ERRORS = [0.02, 0.05, 0.1, 0.25];

async function remesh(source: MeshData, triangles: number, symmetry: boolean) {
  let reduced = source;
  for (const error of ERRORS) {
    reduced = await simplifyMesh(source, triangles, error, ['Regularize']);
    if (reduced.indices.length / 3 <= triangles * 1.05) break;
  }
  if (!symmetry) return pairQuads(reduced);
  const { half, plane } = clipLeftHalf(reduced);
  return mirrorPolygons(pairQuads(half), plane);
}

/** The quad-dominant mesh of a retopo. */
export async function retopoMesh(mesh: MeshData, params: RetopoParams): Promise<RetopoResult> {
  const source = params.interior === 'fill' ? dropEnclosed(mesh) : mesh;
  const faces = params.faces ?? defaultFaces(source.indices.length / 3);
  let target = faces * 2;
  let result = await remesh(source, target, params.symmetry);
  const made = result.sizes.length;
  if (Math.abs(made - faces) > faces * 0.05 && made > 0) {
    target = Math.max(4, Math.round((target * faces) / made));
    result = await remesh(source, target, params.symmetry);
  }
  if (params.texture && result.texture) {
    const bytes = await sharp(result.texture.bytes)
      .resize(params.texture, params.texture, { fit: 'fill', kernel: 'lanczos3' })
      .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
      .toBuffer();
    result = { ...result, texture: { bytes: new Uint8Array(bytes), mimeType: 'image/png' } };
  }
  let quads = 0;
  for (const size of result.sizes) if (size === 4) quads++;
  return { mesh: result, faces, quads, triangles: result.sizes.length - quads };
}

/** A retopo file: GLB (triangulated) or a zip of the quad FBX and its texture. */
export async function retopoFile(
  mesh: MeshData,
  params: RetopoParams,
  stem: string,
): Promise<{ bytes: Uint8Array; filename: string; contentType: string; result: RetopoResult }> {
  const result = await retopoMesh(mesh, params);
  const base = `${stem}-retopo-${result.faces}`;
  if (params.format === 'glb') {
    return {
      bytes: await meshToGlb(polygonsToMesh(result.mesh), `${stem}_retopo`),
      filename: `${base}.glb`,
      contentType: 'model/gltf-binary',
      result,
    };
  }
  const fbx = await fbxBinary(result.mesh, {
    name: `${stem}_retopo`,
    textureName: `${base}_basecolor.png`,
  });
  const files: Record<string, Uint8Array> = { [`${base}.fbx`]: fbx.bytes };
  if (fbx.texture) files[fbx.texture.name] = fbx.texture.bytes;
  files['README.txt'] = strToU8(
    [
      `${base}.fbx: FBX 7.4 binary, centimetres, Y up; ${result.quads} quads and ${result.triangles} triangles.`,
      fbx.texture
        ? `${fbx.texture.name}: the base colour texture (also embedded in the FBX).`
        : 'The model has no texture; the material carries its colour.',
      '',
    ].join('\n'),
  );
  return {
    bytes: stableZip(files),
    filename: `${base}-fbx.zip`,
    contentType: 'application/zip',
    result,
  };
}
