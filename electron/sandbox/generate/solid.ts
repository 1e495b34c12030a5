import { fieldAt, type DistanceField, type Sheet } from './mesh';

/** Where a rectangle of the analysis image lands in the texture, in UV units (v down). */
export interface UvRect {
  u0: number;
  v0: number;
  du: number;
  dv: number;
}

/** How the sheet maps onto the texture atlas. */
export interface UvLayout {
  /** The photo rectangle (analysis pixels) that the front and back regions show. */
  crop: { x0: number; y0: number; x1: number; y1: number };
  front: UvRect;
  /** Shows the crop mirrored left-right, as the back of the object is seen from behind. */
  back: UvRect;
}

/** Shape parameters of the inflation. */
export interface InflateOptions {
  /** Metres per analysis pixel. */
  metresPerPixel: number;
  /** Front height as a share of the circular profile (1 = a half-round bulge). */
  front: number;
  /** Back height as a share of the circular profile (a little flatter than the front). */
  back: number;
}

/** The closed, textured triangle mesh, ready for glTF (Y up, metres, centred, front +Z). */
export interface Solid {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
  vertexCount: number;
  triangleCount: number;
  size: { x: number; y: number; z: number };
}

/**
 * Inflates the sheet into a closed solid: height grows with the distance from the outline along a
 * circular profile (vertical at the outline, flat on the medial axis), so the silhouette is the
 * outline and the body is rounded like a pillow.
 *
 * Outline vertices are written twice, once with front and once with back texture coordinates; the
 * two copies have bit-identical positions and normals, so the surface is closed once welded by
 * position (what glTF viewers and printers do), which it must be to carry two UVs per point.
 */
export function buildSolid(
  sheet: Sheet,
  field: DistanceField,
  layout: UvLayout,
  options: InflateOptions,
): Solid {
  const n = sheet.vertexCount;
  const radius = maxValue(field.values);
  const floor = Math.min(0.25 * sheet.step, radius / 2);
  const profile = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    if (sheet.seam[v]) continue;
    const d = Math.min(Math.max(fieldAt(field, sheet.x[v], sheet.y[v]), floor), radius);
    profile[v] = Math.sqrt(d * (2 * radius - d));
  }

  // Bounding box of the sheet in the image plane and of the bulges, to centre the model.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let maxP = 0;
  for (let v = 0; v < n; v++) {
    minX = Math.min(minX, sheet.x[v]);
    maxX = Math.max(maxX, sheet.x[v]);
    minY = Math.min(minY, sheet.y[v]);
    maxY = Math.max(maxY, sheet.y[v]);
    maxP = Math.max(maxP, profile[v]);
  }
  const s = options.metresPerPixel;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const cz = ((options.front - options.back) * maxP) / 2;

  const positions = new Float32Array(n * 2 * 3);
  const uvs = new Float32Array(n * 2 * 2);
  const { crop, front, back } = layout;
  const cw = crop.x1 - crop.x0;
  const ch = crop.y1 - crop.y0;
  for (let v = 0; v < n; v++) {
    const X = (sheet.x[v] - cx) * s;
    const Y = (cy - sheet.y[v]) * s;
    positions[v * 3] = X;
    positions[v * 3 + 1] = Y;
    positions[v * 3 + 2] = (options.front * profile[v] - cz) * s;
    positions[(n + v) * 3] = X;
    positions[(n + v) * 3 + 1] = Y;
    positions[(n + v) * 3 + 2] = (-options.back * profile[v] - cz) * s;

    const fu = clamp01((sheet.x[v] - crop.x0) / cw);
    const fv = clamp01((sheet.y[v] - crop.y0) / ch);
    uvs[v * 2] = front.u0 + fu * front.du;
    uvs[v * 2 + 1] = front.v0 + fv * front.dv;
    uvs[(n + v) * 2] = back.u0 + (1 - fu) * back.du;
    uvs[(n + v) * 2 + 1] = back.v0 + fv * back.dv;
  }
  // Seam copies must be the same point to the bit, or the surface would not close.
  for (let v = 0; v < n; v++) {
    if (!sheet.seam[v]) continue;
    positions[(n + v) * 3 + 2] = positions[v * 3 + 2];
  }

  // Sheet triangles are positive in image coordinates (y down), i.e. clockwise seen from +Z once
  // y points up: the front takes them reversed, the back as they are.
  const t = sheet.triangleCount;
  const indices = new Uint32Array(t * 2 * 3);
  const tri = sheet.triangles;
  for (let k = 0; k < t; k++) {
    const a = tri[k * 3];
    const b = tri[k * 3 + 1];
    const c = tri[k * 3 + 2];
    indices[k * 3] = a;
    indices[k * 3 + 1] = c;
    indices[k * 3 + 2] = b;
    indices[(t + k) * 3] = n + a;
    indices[(t + k) * 3 + 1] = n + b;
    indices[(t + k) * 3 + 2] = n + c;
  }

  const normals = smoothNormals(positions, indices, sheet.seam, n);

  let minZ = Infinity;
  let maxZ = -Infinity;
  for (let i = 2; i < positions.length; i += 3) {
    minZ = Math.min(minZ, positions[i]);
    maxZ = Math.max(maxZ, positions[i]);
  }
  return {
    positions,
    normals,
    uvs,
    indices,
    vertexCount: n * 2,
    triangleCount: t * 2,
    size: { x: (maxX - minX) * s, y: (maxY - minY) * s, z: maxZ - minZ },
  };
}

/**
 * Area-weighted vertex normals over the welded surface (a seam vertex's front and back copies
 * are one vertex here), so shading is continuous across the seam.
 */
function smoothNormals(
  positions: Float32Array,
  indices: Uint32Array,
  seam: Uint8Array,
  n: number,
): Float32Array {
  const weld = (i: number): number => (i >= n && seam[i - n] ? i - n : i);
  const acc = new Float64Array(positions.length);
  for (let k = 0; k < indices.length; k += 3) {
    const a = indices[k];
    const b = indices[k + 1];
    const c = indices[k + 2];
    const ax = positions[a * 3];
    const ay = positions[a * 3 + 1];
    const az = positions[a * 3 + 2];
    const e1x = positions[b * 3] - ax;
    const e1y = positions[b * 3 + 1] - ay;
    const e1z = positions[b * 3 + 2] - az;
    const e2x = positions[c * 3] - ax;
    const e2y = positions[c * 3 + 1] - ay;
    const e2z = positions[c * 3 + 2] - az;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const wa = weld(a) * 3;
    const wb = weld(b) * 3;
    const wc = weld(c) * 3;
    acc[wa] += nx;
    acc[wa + 1] += ny;
    acc[wa + 2] += nz;
    acc[wb] += nx;
    acc[wb + 1] += ny;
    acc[wb + 2] += nz;
    acc[wc] += nx;
    acc[wc + 1] += ny;
    acc[wc + 2] += nz;
  }
  const normals = new Float32Array(positions.length);
  const count = positions.length / 3;
  for (let v = 0; v < count; v++) {
    const w = weld(v);
    const x = acc[w * 3];
    const y = acc[w * 3 + 1];
    const z = acc[w * 3 + 2];
    const len = Math.hypot(x, y, z);
    if (len > 0) {
      normals[v * 3] = x / len;
      normals[v * 3 + 1] = y / len;
      normals[v * 3 + 2] = z / len;
    } else {
      normals[v * 3 + 2] = v < n ? 1 : -1;
    }
  }
  return normals;
}

function maxValue(values: Float32Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
