/**
 * Retopo (service-api.md §4.12), GLB flavour: the surface reduced to the target face count
 * (a quad is two triangles in a triangulated GLB) with the texture re-sampled to `texture`.
 */
import sharp from 'sharp';
import { LIMITS } from '../../../shared/api/rules';
import { meshToGlb, type MeshData } from './mesh';
import { simplifyMesh } from './simplify';

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

/** The reduced mesh and its face target. */
export async function retopoMesh(
  mesh: MeshData,
  params: RetopoParams,
): Promise<{ mesh: MeshData; faces: number }> {
  const faces = params.faces ?? defaultFaces(mesh.indices.length / 3);
  const reduced = await simplifyMesh(mesh, faces * 2, 0.02);
  if (params.texture && reduced.texture) {
    const bytes = await sharp(reduced.texture.bytes)
      .resize(params.texture, params.texture, { fit: 'fill' })
      .png()
      .toBuffer();
    reduced.texture = { bytes: new Uint8Array(bytes), mimeType: 'image/png' };
  }
  return { mesh: reduced, faces };
}

/** Retopo GLB bytes. */
export async function retopoGlb(
  mesh: MeshData,
  params: RetopoParams,
  name: string,
): Promise<{ glb: Uint8Array; faces: number }> {
  const result = await retopoMesh(mesh, params);
  return { glb: await meshToGlb(result.mesh, `${name}_retopo`), faces: result.faces };
}
