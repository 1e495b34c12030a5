import { DataTexture, RGBAFormat, SRGBColorSpace, RepeatWrapping, LinearFilter } from 'three';

/**
 * A clay matcap painted in code (no file to ship): a soft key light from the upper left, a dim
 * fill, a rim and a darker base, on a warm grey. `MeshMatcapMaterial` looks the sphere up by the
 * view-space normal, so every model reads like sculpting clay under one studio light.
 */
export function createClayMatcap(size = 256): DataTexture {
  const data = new Uint8Array(size * size * 4);
  const key = normalise([-0.45, 0.6, 0.66]);
  const fill = normalise([0.6, -0.1, 0.8]);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const nx = ((x + 0.5) / size) * 2 - 1;
      // DataTexture row 0 is the bottom of the image (flipY is off for data textures).
      const ny = ((y + 0.5) / size) * 2 - 1;
      const r2 = nx * nx + ny * ny;
      const nz = Math.sqrt(Math.max(0, 1 - r2));
      const diffuse = Math.max(0, nx * key[0] + ny * key[1] + nz * key[2]);
      const fillLight = Math.max(0, nx * fill[0] + ny * fill[1] + nz * fill[2]);
      const rim = Math.pow(1 - nz, 3);
      // Specular: a broad, low highlight, as on matte clay.
      const half = normalise([key[0], key[1], key[2] + 1]);
      const spec = Math.pow(Math.max(0, nx * half[0] + ny * half[1] + nz * half[2]), 24);
      const light = 0.16 + 0.72 * diffuse + 0.18 * fillLight + 0.22 * rim + 0.12 * spec;
      const i = (y * size + x) * 4;
      data[i] = toByte(0.78 * light);
      data[i + 1] = toByte(0.74 * light);
      data[i + 2] = toByte(0.7 * light);
      data[i + 3] = 255;
    }
  }
  const texture = new DataTexture(data, size, size, RGBAFormat);
  texture.colorSpace = SRGBColorSpace;
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearFilter;
  texture.needsUpdate = true;
  return texture;
}

/**
 * A UV checker: 8 × 8 large tiles, each a different hue so flipped or mirrored islands show,
 * split into 4 × 4 light/dark checks so stretching and texel density show.
 */
export function createUvChecker(size = 512): DataTexture {
  const data = new Uint8Array(size * size * 4);
  const tiles = 8;
  const checks = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      const tx = Math.floor(u * tiles);
      const ty = Math.floor(v * tiles);
      const hue = ((tx + ty * tiles) * 0.618034) % 1;
      const cx = Math.floor(u * tiles * checks);
      const cy = Math.floor(v * tiles * checks);
      const light = (cx + cy) % 2 === 0;
      const [r, g, b] = hsl(hue, 0.55, light ? 0.68 : 0.42);
      // A thin dark border around each large tile.
      const fu = (u * tiles) % 1;
      const fv = (v * tiles) % 1;
      const border = fu < 0.02 || fu > 0.98 || fv < 0.02 || fv > 0.98;
      const i = (y * size + x) * 4;
      data[i] = border ? 20 : toByte(r);
      data[i + 1] = border ? 20 : toByte(g);
      data[i + 2] = border ? 20 : toByte(b);
      data[i + 3] = 255;
    }
  }
  const texture = new DataTexture(data, size, size, RGBAFormat);
  texture.colorSpace = SRGBColorSpace;
  texture.wrapS = RepeatWrapping;
  texture.wrapT = RepeatWrapping;
  texture.generateMipmaps = true;
  texture.anisotropy = 4;
  texture.needsUpdate = true;
  return texture;
}

function normalise(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

function toByte(v: number): number {
  // The numbers above are display (sRGB) values; clamp and round.
  return Math.max(0, Math.min(255, Math.round(v * 255)));
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h * 12) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}
