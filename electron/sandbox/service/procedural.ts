/**
 * Procedural models for seeding the library: a textured, lumpy pebble made with sharp and
 * glTF-Transform. Seeded rows ("made on the website", big-library tests) need real, valid GLBs
 * and thumbnails, but must not cost a photo generation each.
 */
import sharp from 'sharp';
import { meshToGlb, vertexNormals, type MeshData } from '../artifacts/mesh';
import { mulberry32 } from '../../../shared/segmentation/random';

/** A generated model: GLB, thumbnail (WebP) and counts. */
export interface ProceduralModel {
  glb: Uint8Array;
  thumbnail: Uint8Array;
  triangles: number;
  vertices: number;
}

/** A UV sphere, squashed and dented by low-frequency noise: `rings × segments × 2` triangles. */
export function pebbleMesh(seed: number, rings = 24, segments = 48): MeshData {
  const random = mulberry32(seed);
  const bumps = Array.from({ length: 6 }, () => ({
    dir: [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1],
    amount: 0.05 + random() * 0.1,
  }));
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const v = r / rings;
    const theta = v * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const u = s / segments;
      const phi = u * Math.PI * 2;
      const x = Math.sin(theta) * Math.cos(phi);
      const y = Math.cos(theta);
      const z = Math.sin(theta) * Math.sin(phi);
      let radius = 0.5;
      for (const b of bumps) {
        const d = x * b.dir[0]! + y * b.dir[1]! + z * b.dir[2]!;
        radius += b.amount * Math.max(0, d) ** 2 * 0.5;
      }
      positions.push(x * radius, y * radius * 0.8 + 0.4, z * radius);
      uvs.push(u, v);
    }
  }
  const indices: number[] = [];
  const row = segments + 1;
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * row + s;
      const b = a + row;
      indices.push(a, a + 1, b, a + 1, b + 1, b);
    }
  }
  const pos = new Float32Array(positions);
  const idx = new Uint32Array(indices);
  return {
    positions: pos,
    normals: vertexNormals(pos, idx),
    uvs: new Float32Array(uvs),
    indices: idx,
    baseColor: [1, 1, 1, 1],
  };
}

/** A warm/cool speckled texture in the given hue (PNG). */
async function pebbleTexture(hue: number, seed: number, size = 256): Promise<Uint8Array> {
  const random = mulberry32(seed ^ 0x9e3779b9);
  const spots = Array.from({ length: 40 }, () => {
    const x = Math.round(random() * size);
    const y = Math.round(random() * size);
    const r = Math.round(2 + random() * size * 0.04);
    const light = Math.round(30 + random() * 40);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + 30) % 360},50%,${light}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue},55%,70%)"/><stop offset="1" stop-color="hsl(${hue},45%,35%)"/>
</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${spots}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A thumbnail of a pebble: a shaded disc in its hue on a light background (WebP). */
async function pebbleThumbnail(hue: number, size = 256): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><radialGradient id="g" cx="0.4" cy="0.35" r="0.7">
<stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue},50%,25%)"/>
</radialGradient></defs><rect width="100%" height="100%" fill="#eeeeee"/>
<ellipse cx="${size / 2}" cy="${size * 0.88}" rx="${size * 0.3}" ry="${size * 0.05}" fill="#00000022"/>
<ellipse cx="${size / 2}" cy="${size / 2}" rx="${size * 0.36}" ry="${size * 0.3}" fill="url(#g)"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).webp().toBuffer());
}

/** A seeded pebble model in one of a few hues. */
export async function proceduralModel(variant: number): Promise<ProceduralModel> {
  const hue = (variant * 57) % 360;
  const mesh = pebbleMesh(variant + 1);
  mesh.texture = { bytes: await pebbleTexture(hue, variant + 1), mimeType: 'image/png' };
  return {
    glb: await meshToGlb(mesh, `pebble_${variant}`),
    thumbnail: await pebbleThumbnail(hue),
    triangles: mesh.indices.length / 3,
    vertices: mesh.positions.length / 3,
  };
}
