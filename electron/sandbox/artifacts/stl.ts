/**
 * Binary STL: 80-byte header, triangle count, then per triangle a facet normal, three vertices and
 * a zero attribute word (little-endian floats throughout).
 */

import { triangleNormal } from './mesh';

/** Binary STL bytes of an indexed triangle mesh (coordinates written as given). */
export function binaryStl(
  positions: Float32Array,
  indices: Uint32Array,
  header = 'Kiln sandbox',
): Uint8Array {
  const count = indices.length / 3;
  const bytes = new Uint8Array(84 + count * 50);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(header.slice(0, 80)));
  view.setUint32(80, count, true);
  let o = 84;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    let [nx, ny, nz] = triangleNormal(positions, a, b, c);
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    for (const value of [nx, ny, nz]) {
      view.setFloat32(o, value, true);
      o += 4;
    }
    for (const v of [a, b, c]) {
      for (let k = 0; k < 3; k++) {
        view.setFloat32(o, positions[v + k]!, true);
        o += 4;
      }
    }
    view.setUint16(o, 0, true);
    o += 2;
  }
  return bytes;
}

/**
 * glTF space (metres, +Y up) to print space (+Z up), scaled: a rotation of +90° about X, so the
 * model stands on the build plate the way it stands in the viewer.
 */
export function toZUp(positions: Float32Array, scale = 1): Float32Array {
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    out[i] = positions[i]! * scale;
    out[i + 1] = -positions[i + 2]! * scale;
    out[i + 2] = positions[i + 1]! * scale;
  }
  return out;
}
