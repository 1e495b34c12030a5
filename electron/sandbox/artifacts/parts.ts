/**
 * Split into parts (service-api.md §4.14): triangles grouped by where they sit (k-means on their
 * centres), each group a named node and mesh under one root. Names say where the part is
 * ("top", "left", "core", …) so they read well in a scene tree.
 */
import { Document } from '@gltf-transform/core';
import {
  addMaterial,
  addMeshToDocument,
  boundsOf,
  compactMesh,
  writeGlb,
  type MeshData,
} from './mesh';

/** A part's name and triangle indices. */
export interface Part {
  name: string;
  indices: Uint32Array;
}

/** Splits a mesh into `k` parts (fewer for tiny meshes). */
export function splitParts(mesh: MeshData, k = 5): Part[] {
  const { indices, positions } = mesh;
  const count = indices.length / 3;
  const centres = new Float32Array(count * 3);
  for (let t = 0; t < count; t++) {
    for (let c = 0; c < 3; c++) {
      centres[t * 3 + c] =
        (positions[indices[t * 3]! * 3 + c]! +
          positions[indices[t * 3 + 1]! * 3 + c]! +
          positions[indices[t * 3 + 2]! * 3 + c]!) /
        3;
    }
  }
  const parts = Math.max(1, Math.min(k, Math.floor(count / 8)));
  const bounds = boundsOf(positions);
  // Deterministic start: the centre and the extremes along the axes.
  const seeds: number[][] = [
    [...bounds.center],
    [bounds.center[0], bounds.max[1], bounds.center[2]],
    [bounds.center[0], bounds.min[1], bounds.center[2]],
    [bounds.min[0], bounds.center[1], bounds.center[2]],
    [bounds.max[0], bounds.center[1], bounds.center[2]],
    [bounds.center[0], bounds.center[1], bounds.max[2]],
    [bounds.center[0], bounds.center[1], bounds.min[2]],
  ].slice(0, parts);
  const assign = new Uint16Array(count);
  for (let iteration = 0; iteration < 10; iteration++) {
    const sums = seeds.map(() => [0, 0, 0, 0]);
    for (let t = 0; t < count; t++) {
      let best = 0;
      let bestD = Infinity;
      for (let s = 0; s < seeds.length; s++) {
        const c = seeds[s]!;
        const d =
          (centres[t * 3]! - c[0]!) ** 2 +
          (centres[t * 3 + 1]! - c[1]!) ** 2 +
          (centres[t * 3 + 2]! - c[2]!) ** 2;
        if (d < bestD) {
          bestD = d;
          best = s;
        }
      }
      assign[t] = best;
      const sum = sums[best]!;
      sum[0] = sum[0]! + centres[t * 3]!;
      sum[1] = sum[1]! + centres[t * 3 + 1]!;
      sum[2] = sum[2]! + centres[t * 3 + 2]!;
      sum[3] = sum[3]! + 1;
    }
    sums.forEach((s, i) => {
      if (s[3]! > 0) seeds[i] = [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!];
    });
  }
  const used = new Map<string, number>();
  const result: Part[] = [];
  seeds.forEach((seed, s) => {
    const tris: number[] = [];
    for (let t = 0; t < count; t++) {
      if (assign[t] === s) tris.push(indices[t * 3]!, indices[t * 3 + 1]!, indices[t * 3 + 2]!);
    }
    if (tris.length === 0) return;
    const base = placeName(seed, bounds);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    result.push({ name: n === 1 ? base : `${base}_${n}`, indices: new Uint32Array(tris) });
  });
  return result;
}

function placeName(c: number[], bounds: ReturnType<typeof boundsOf>): string {
  const offsets = [0, 1, 2].map((k) => (c[k]! - bounds.center[k]!) / (bounds.size[k]! / 2 || 1));
  const axis = offsets.reduce(
    (best, v, k) => (Math.abs(v) > Math.abs(offsets[best]!) ? k : best),
    0,
  );
  const v = offsets[axis]!;
  if (Math.abs(v) < 0.25) return 'core';
  return [
    ['left', 'right'],
    ['bottom', 'top'],
    ['back', 'front'],
  ][axis]![v < 0 ? 0 : 1]!;
}

/** A GLB with one node per part; returns the bytes and the part names. */
export async function partsGlb(
  mesh: MeshData,
  name: string,
): Promise<{ glb: Uint8Array; names: string[] }> {
  const doc = new Document();
  const root = doc.createNode(name);
  doc.createScene('scene').addChild(root);
  const material = addMaterial(doc, mesh, `${name}_material`);
  const parts = splitParts(mesh);
  for (const part of parts) {
    root.addChild(
      addMeshToDocument(doc, compactMesh(mesh, part.indices), { name: part.name, material }),
    );
  }
  return { glb: await writeGlb(doc), names: parts.map((p) => p.name) };
}
