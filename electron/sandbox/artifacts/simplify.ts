/**
 * Triangle reduction with meshoptimizer's simplifier (used by retopo, LODs and colliders).
 */
import { MeshoptSimplifier, type SimplifierFlags } from 'meshoptimizer';
import { compactMesh, type MeshData } from './mesh';

/**
 * The mesh reduced to about `targetTriangles` (never more than it has). Texture seams are kept
 * intact by the simplifier; `error` bounds the deviation relative to the model's size. `flags` go
 * to meshoptimizer (e.g. `Regularize` for even triangles, which pair well into quads).
 */
export async function simplifyMesh(
  mesh: MeshData,
  targetTriangles: number,
  error = 0.05,
  flags: SimplifierFlags[] = [],
): Promise<MeshData> {
  const triangles = mesh.indices.length / 3;
  if (targetTriangles >= triangles) return mesh;
  await MeshoptSimplifier.ready;
  const [indices] = MeshoptSimplifier.simplify(
    mesh.indices,
    mesh.positions,
    3,
    Math.max(3, Math.floor(targetTriangles) * 3),
    error,
    flags,
  );
  let reduced = indices;
  // Seams can stop the simplifier early; sloppy simplification reaches any target.
  if (reduced.length / 3 > targetTriangles * 1.5) {
    [reduced] = MeshoptSimplifier.simplifySloppy(
      mesh.indices,
      mesh.positions,
      3,
      null,
      Math.max(3, Math.floor(targetTriangles) * 3),
      error * 4,
    );
  }
  return compactMesh(mesh, reduced);
}
