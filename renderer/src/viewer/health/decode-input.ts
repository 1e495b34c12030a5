/**
 * Turns a {@link HealthInput} (the GPU's attribute arrays, per mesh) into one triangle soup in
 * the model's space, and measures the UV sets and texel density on the way, while each mesh's
 * own UVs and texture are at hand.
 */
import type { AttributeData, HealthInput, HealthMeshInput } from './health-types';

/** All meshes as one triangle list in model space. */
export interface CombinedMesh {
  /** xyz per vertex. */
  readonly positions: Float32Array;
  /** Three vertex indices per triangle. */
  readonly triangles: Uint32Array;
}

/** UV and texture facts gathered per mesh. */
export interface UvFacts {
  readonly uvSets: number;
  readonly meshesWithoutUvs: number;
  readonly uvOutside: number;
  readonly texelDensity: number | null;
}

/** Slack for UVs that sit on the 0–1 border (exporters write 1.0000001). */
const UV_EPSILON = 1e-4;

function scaleOf(array: AttributeData['array'], normalized: boolean): (v: number) => number {
  if (!normalized || array instanceof Float32Array) return (v) => v;
  // glTF's normalized integers (KHR_mesh_quantization): signed map to −1…1, unsigned to 0…1.
  if (array instanceof Int8Array) return (v) => Math.max(v / 127, -1);
  if (array instanceof Int16Array) return (v) => Math.max(v / 32767, -1);
  if (array instanceof Uint8Array) return (v) => v / 255;
  if (array instanceof Uint16Array) return (v) => v / 65535;
  return (v) => v / 4294967295;
}

/** Every component of every vertex of `a`, as floats (quantized values scaled back). */
export function readAttribute(a: AttributeData): Float32Array {
  const out = new Float32Array(a.count * a.itemSize);
  const scale = scaleOf(a.array, a.normalized);
  for (let v = 0; v < a.count; v++) {
    const from = v * a.stride + a.offset;
    for (let c = 0; c < a.itemSize; c++) out[v * a.itemSize + c] = scale(a.array[from + c]!);
  }
  return out;
}

function transform(positions: Float32Array, m: readonly number[]): Float32Array {
  const identity = m.every((v, i) => v === (i % 5 === 0 ? 1 : 0));
  if (identity) return positions;
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    out[i] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    out[i + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    out[i + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
  }
  return out;
}

function triangleArea(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b * 3]! - p[a * 3]!;
  const uy = p[b * 3 + 1]! - p[a * 3 + 1]!;
  const uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
  const vx = p[c * 3]! - p[a * 3]!;
  const vy = p[c * 3 + 1]! - p[a * 3 + 1]!;
  const vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
}

function uvArea(uv: Float32Array, a: number, b: number, c: number): number {
  const ux = uv[b * 2]! - uv[a * 2]!;
  const uy = uv[b * 2 + 1]! - uv[a * 2 + 1]!;
  const vx = uv[c * 2]! - uv[a * 2]!;
  const vy = uv[c * 2 + 1]! - uv[a * 2 + 1]!;
  return Math.abs(ux * vy - uy * vx) / 2;
}

function meshTriangles(mesh: HealthMeshInput): Uint32Array {
  if (mesh.index) return Uint32Array.from(mesh.index);
  const count = mesh.position.count - (mesh.position.count % 3);
  return Uint32Array.from({ length: count }, (_, i) => i);
}

/** Combines the meshes of `input` and measures their UVs. */
export function decodeInput(input: HealthInput): { mesh: CombinedMesh; uv: UvFacts } {
  const parts: Array<{ positions: Float32Array; triangles: Uint32Array }> = [];
  let uvSets = 0;
  let withoutUvs = 0;
  let uvCoords = 0;
  let uvOut = 0;
  let texels = 0;
  let texturedArea = 0;
  for (const mesh of input.meshes) {
    const positions = transform(readAttribute(mesh.position), mesh.matrix);
    const triangles = meshTriangles(mesh);
    parts.push({ positions, triangles });
    uvSets = Math.max(uvSets, mesh.uvs.length);
    const first = mesh.uvs[0];
    if (!first) {
      withoutUvs++;
      continue;
    }
    const uv = readAttribute(first);
    const outside = (x: number) => x < -UV_EPSILON || x > 1 + UV_EPSILON;
    for (let i = 0; i < uv.length; i += 2) if (outside(uv[i]!) || outside(uv[i + 1]!)) uvOut++;
    uvCoords += uv.length / 2;
    if (mesh.texture) {
      const pixels = mesh.texture.width * mesh.texture.height;
      for (let t = 0; t < triangles.length; t += 3) {
        const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
        texels += uvArea(uv, a, b, c) * pixels;
        texturedArea += triangleArea(positions, a, b, c);
      }
    }
  }
  const vertexCount = parts.reduce((n, p) => n + p.positions.length / 3, 0);
  const triangleCount = parts.reduce((n, p) => n + p.triangles.length, 0);
  const positions = new Float32Array(vertexCount * 3);
  const triangles = new Uint32Array(triangleCount);
  let v = 0;
  let t = 0;
  for (const p of parts) {
    positions.set(p.positions, v * 3);
    for (let i = 0; i < p.triangles.length; i++) triangles[t + i] = p.triangles[i]! + v;
    v += p.positions.length / 3;
    t += p.triangles.length;
  }
  return {
    mesh: { positions, triangles },
    uv: {
      uvSets,
      meshesWithoutUvs: withoutUvs,
      uvOutside: uvCoords ? uvOut / uvCoords : 0,
      texelDensity: texturedArea > 0 && texels > 0 ? Math.sqrt(texels / texturedArea) : null,
    },
  };
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] as const;

/** A plain mesh input from float positions (and optional indices and UVs), for files and tests. */
export function plainMesh(
  name: string,
  positions: Float32Array,
  index: Uint32Array | null = null,
  uv: Float32Array | null = null,
  texture: { width: number; height: number } | null = null,
): HealthMeshInput {
  const count = positions.length / 3;
  return {
    name,
    position: { array: positions, itemSize: 3, stride: 3, offset: 0, normalized: false, count },
    index,
    uvs: uv ? [{ array: uv, itemSize: 2, stride: 2, offset: 0, normalized: false, count }] : [],
    matrix: IDENTITY,
    texture,
  };
}
