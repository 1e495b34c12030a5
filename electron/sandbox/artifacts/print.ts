/**
 * Print-ready files (service-api.md §4.11): the model welded into one surface, turned Z-up, its
 * bottom flattened into a base (2 % of the height, at most 2 mm), scaled so its longest side is
 * `length_mm`, and set on the build plate (the base at Z = 0, footprint in the positive
 * quadrant). `hollow` adds an inner wall 2.5 mm inside the surface.
 * 3MF with 2–8 colours paints each triangle with the nearest filament colour of its texture.
 */
import sharp from 'sharp';
import { LIMITS } from '../../../shared/api/rules';
import { boundsOf, vertexNormals, weldPositions, type MeshData } from './mesh';
import { binaryStl, toZUp } from './stl';
import { threeMf, type ThreeMfColours } from './three-mf';

/** Longest side when the call gives no `length_mm`. */
export const DEFAULT_PRINT_LENGTH_MM = 100;

/** Print parameters (validated by shared/api/params.ts). */
export interface PrintParams {
  length_mm: number | null;
  format: 'stl' | '3mf';
  hollow: boolean;
  colors: number;
  palette: string[] | null;
}

/** A print file. */
export interface PrintFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

/** Builds the print file of a mesh. */
export async function printFile(
  mesh: MeshData,
  params: PrintParams,
  stem: string,
): Promise<PrintFile> {
  const welded = weldPositions(mesh);
  const length = params.length_mm ?? DEFAULT_PRINT_LENGTH_MM;
  const upright = toZUp(welded.positions, 1);
  flattenBase(upright, length);
  const { size } = boundsOf(upright);
  const longest = Math.max(size[0], size[1], size[2]) || 1;
  const positions = upright.map((v) => v * (length / longest));
  const placed = boundsOf(positions);
  for (let i = 0; i < positions.length; i += 3) {
    positions[i] = positions[i]! - placed.min[0];
    positions[i + 1] = positions[i + 1]! - placed.min[1];
    positions[i + 2] = positions[i + 2]! - placed.min[2];
  }

  let finalPositions: Float32Array = positions;
  let indices = welded.indices;
  if (params.hollow) ({ positions: finalPositions, indices } = withInnerWall(positions, indices));

  const base = `${stem}-${length}mm${params.hollow ? '-hollow' : ''}`;
  if (params.format === 'stl') {
    return {
      bytes: binaryStl(finalPositions, indices, `Kiln sandbox print ${length} mm`),
      filename: `${base}.stl`,
      contentType: 'model/stl',
    };
  }
  let colours: ThreeMfColours | undefined;
  if (params.colors > 1 || params.palette) {
    const outer = await triangleColours(mesh, params);
    // The inner wall's triangles follow the outer ones, slot for slot.
    const slots = new Uint8Array(indices.length / 3);
    for (let t = 0; t < slots.length; t++) slots[t] = outer.slots[t % outer.slots.length]!;
    colours = { palette: outer.palette, slots };
  }
  return {
    bytes: threeMf(finalPositions, indices, stem, colours),
    filename: `${base}${colours ? `-${colours.palette.length}colours` : ''}.3mf`,
    contentType: 'model/3mf',
  };
}

/** Height of the flat base cut into the bottom: 2 % of the height, at most 2 mm. */
const BASE_SHARE = 0.02;
const BASE_MAX_MM = 2;

/**
 * Flattens the bottom of a Z-up surface so it rests on a face rather than a point: every vertex
 * lower than the base height is lifted onto it. The surface keeps its topology (still closed);
 * the bottom cap becomes one flat face. `length` is the printed longest side, for the millimetre
 * cap of the base height.
 */
function flattenBase(positions: Float32Array, length: number): void {
  const { min, size } = boundsOf(positions);
  const mmPerUnit = length / (Math.max(size[0], size[1], size[2]) || 1);
  const base = min[2] + Math.min(size[2] * BASE_SHARE, BASE_MAX_MM / mmPerUnit);
  for (let i = 2; i < positions.length; i += 3) {
    if (positions[i]! < base) positions[i] = base;
  }
}

/**
 * The surface plus a copy moved inward by the shell thickness along the vertex normals, facing
 * inward (reversed winding): what a slicer reads as a wall of that thickness.
 */
function withInnerWall(
  positions: Float32Array,
  indices: Uint32Array,
): { positions: Float32Array; indices: Uint32Array } {
  const normals = vertexNormals(positions, indices);
  const count = positions.length / 3;
  const out = new Float32Array(positions.length * 2);
  out.set(positions);
  const t = LIMITS.hollowShellMm;
  for (let i = 0; i < positions.length; i++)
    out[positions.length + i] = positions[i]! - normals[i]! * t;
  const outIndices = new Uint32Array(indices.length * 2);
  outIndices.set(indices);
  for (let i = 0; i < indices.length; i += 3) {
    outIndices[indices.length + i] = indices[i]! + count;
    outIndices[indices.length + i + 1] = indices[i + 2]! + count;
    outIndices[indices.length + i + 2] = indices[i + 1]! + count;
  }
  return { positions: out, indices: outIndices };
}

const hexToRgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];
const rgbToHex = ([r, g, b]: readonly number[]) =>
  `#${[r, g, b].map((v) => Math.round(v!).toString(16).padStart(2, '0')).join('')}`;

/** Each triangle's texture colour, reduced to the palette (given, or found by k-means). */
async function triangleColours(mesh: MeshData, params: PrintParams): Promise<ThreeMfColours> {
  const count = mesh.indices.length / 3;
  const colours = new Float32Array(count * 3);
  if (mesh.texture) {
    const { data, info } = await sharp(mesh.texture.bytes)
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let t = 0; t < count; t++) {
      let u = 0;
      let v = 0;
      for (let k = 0; k < 3; k++) {
        const vi = mesh.indices[t * 3 + k]!;
        u += mesh.uvs[vi * 2]! / 3;
        v += mesh.uvs[vi * 2 + 1]! / 3;
      }
      const x = Math.min(info.width - 1, Math.max(0, Math.floor((u - Math.floor(u)) * info.width)));
      const y = Math.min(
        info.height - 1,
        Math.max(0, Math.floor((v - Math.floor(v)) * info.height)),
      );
      const o = (y * info.width + x) * info.channels;
      colours[t * 3] = data[o]!;
      colours[t * 3 + 1] = data[o + 1]!;
      colours[t * 3 + 2] = data[o + 2]!;
    }
  } else {
    const [r, g, b] = mesh.baseColor;
    for (let t = 0; t < count; t++) colours.set([r * 255, g * 255, b * 255], t * 3);
  }
  const palette = params.palette?.map(hexToRgb) ?? kMeans(colours, params.colors);
  const slots = new Uint8Array(count);
  for (let t = 0; t < count; t++) slots[t] = nearest(palette, colours, t);
  return { palette: params.palette ?? palette.map(rgbToHex), slots };
}

function nearest(
  palette: ReadonlyArray<readonly number[]>,
  colours: Float32Array,
  t: number,
): number {
  let best = 0;
  let bestD = Infinity;
  palette.forEach((c, i) => {
    const d =
      (colours[t * 3]! - c[0]!) ** 2 +
      (colours[t * 3 + 1]! - c[1]!) ** 2 +
      (colours[t * 3 + 2]! - c[2]!) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

/** k colour centres: farthest-point start (deterministic), then a few Lloyd iterations. */
function kMeans(colours: Float32Array, k: number): number[][] {
  const n = colours.length / 3;
  const at = (i: number) => [colours[i * 3]!, colours[i * 3 + 1]!, colours[i * 3 + 2]!];
  const centres: number[][] = [at(0)];
  const dist = new Float64Array(n).fill(Infinity);
  while (centres.length < k) {
    const c = centres[centres.length - 1]!;
    let far = 0;
    for (let i = 0; i < n; i++) {
      const d =
        (colours[i * 3]! - c[0]!) ** 2 +
        (colours[i * 3 + 1]! - c[1]!) ** 2 +
        (colours[i * 3 + 2]! - c[2]!) ** 2;
      if (d < dist[i]!) dist[i] = d;
      if (dist[i]! > dist[far]!) far = i;
    }
    centres.push(at(far));
  }
  for (let iteration = 0; iteration < 8; iteration++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const s = sums[nearest(centres, colours, i)]!;
      s[0]! += colours[i * 3]!;
      s[1]! += colours[i * 3 + 1]!;
      s[2]! += colours[i * 3 + 2]!;
      s[3]!++;
    }
    sums.forEach((s, j) => {
      if (s[3]! > 0) centres[j] = [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!];
    });
  }
  return centres;
}
