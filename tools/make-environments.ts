/**
 * Writes the sources of the viewer's HDR environments (`resources/environments/*.hdr`), which
 * `tools/prefilter-environments.ts` then pre-filters into the files the viewer ships.
 *
 * Kiln may not fetch HDRIs from a CDN at run time (design guide §7), and photographed HDRIs are
 * large, so the environments are painted here from simple, physically plausible light sources: a
 * softbox studio, a clear sky with a sun, an overcast sky and a sunset. Each is an equirectangular
 * Radiance RGBE file (run-length encoded), which three's HDRLoader reads. The output is
 * deterministic: re-running this script rewrites identical bytes.
 *
 * Run: `npx tsx tools/make-environments.ts && npx tsx tools/prefilter-environments.ts`
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

type Rgb = [number, number, number];
/** Radiance for a direction given as azimuth (radians, 0 = +Z, towards +X positive) and elevation. */
type Sky = (azimuth: number, elevation: number) => Rgb;

const WIDTH = 1024;
const HEIGHT = 512;
const OUT = path.resolve(import.meta.dirname, '..', 'resources', 'environments');

const deg = (d: number): number => (d * Math.PI) / 180;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];
const add = (a: Rgb, b: Rgb): Rgb => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

function direction(azimuth: number, elevation: number): Rgb {
  return [
    Math.sin(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(azimuth) * Math.cos(elevation),
  ];
}

/** Angle in radians between two directions. */
function angleBetween(a: Rgb, b: Rgb): number {
  const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return Math.acos(Math.min(1, Math.max(-1, dot)));
}

/** A rectangular softbox seen from the centre: soft-edged in azimuth and elevation. */
function softbox(
  centreAz: number,
  centreEl: number,
  widthDeg: number,
  heightDeg: number,
  colour: Rgb,
): (az: number, el: number) => Rgb {
  return (az, el) => {
    let dAz = az - deg(centreAz);
    dAz = Math.atan2(Math.sin(dAz), Math.cos(dAz)) * Math.cos(el);
    const dEl = el - deg(centreEl);
    const hx = deg(widthDeg) / 2;
    const hy = deg(heightDeg) / 2;
    const edge = deg(2.5);
    const k =
      smoothstep(hx + edge, hx - edge, Math.abs(dAz)) *
      smoothstep(hy + edge, hy - edge, Math.abs(dEl));
    return scale(colour, k);
  };
}

/** A sun disc with a glow around it. */
function sun(az: number, el: number, radiusDeg: number, disc: Rgb, glow: Rgb): Sky {
  const centre = direction(deg(az), deg(el));
  return (a, e) => {
    const angle = angleBetween(direction(a, e), centre);
    const inDisc = smoothstep(deg(radiusDeg) * 1.15, deg(radiusDeg) * 0.85, angle);
    const halo = Math.exp(-angle / deg(6)) + 0.25 * Math.exp(-angle / deg(25));
    return add(scale(disc, inDisc), scale(glow, halo));
  };
}

const studio: Sky = (() => {
  const lights = [
    softbox(-50, 28, 42, 32, [14, 13.2, 12.2]), // key, warm, front left
    softbox(62, 14, 30, 26, [3.2, 3.5, 4]), // fill, cool, front right
    softbox(180, 18, 90, 9, [7, 7, 7]), // rim strip behind
    softbox(0, 78, 60, 20, [5, 5, 5]), // overhead
  ];
  return (az, el) => {
    const wall = mix([0.05, 0.05, 0.055], [0.11, 0.11, 0.115], smoothstep(-0.2, 1, el));
    const floor: Rgb = [0.06, 0.055, 0.05];
    let c = el < 0 ? mix(wall, floor, smoothstep(0, -0.15, el)) : wall;
    for (const light of lights) c = add(c, light(az, el));
    return c;
  };
})();

const sunny: Sky = (() => {
  const theSun = sun(40, 42, 1.2, [1800, 1650, 1450], [6, 5, 3.6]);
  return (az, el) => {
    if (el < 0) {
      const ground: Rgb = [0.32, 0.28, 0.22];
      return mix([0.9, 0.95, 1.05], ground, smoothstep(0, -0.08, el));
    }
    const sky = mix([1.15, 1.3, 1.55], [0.22, 0.42, 0.95], Math.pow(smoothstep(0, 1.2, el), 0.6));
    return add(sky, theSun(az, el));
  };
})();

const overcast: Sky = (az, el) => {
  if (el < 0) return mix([0.95, 0.97, 1], [0.22, 0.22, 0.21], smoothstep(0, -0.1, el));
  // Brightest at the zenith (the CIE overcast sky is about three times brighter there).
  const k = (1 + 2 * Math.sin(el)) / 3;
  const brighter = 0.15 * Math.exp(-Math.abs(Math.atan2(Math.sin(az - 0.6), Math.cos(az - 0.6))));
  return scale([1.05, 1.08, 1.12], 2.2 * k + brighter);
};

const sunset: Sky = (() => {
  const theSun = sun(-60, 4, 1.8, [420, 190, 70], [9, 3.2, 1.1]);
  return (az, el) => {
    if (el < 0) return mix([0.5, 0.28, 0.16], [0.05, 0.04, 0.04], smoothstep(0, -0.12, el));
    const t = Math.pow(smoothstep(0, 1.3, el), 0.5);
    const sky = mix([1.7, 0.75, 0.32], [0.1, 0.14, 0.34], t);
    return add(sky, theSun(az, el));
  };
})();

/** Encodes a pixel as Radiance RGBE (shared exponent). */
function toRgbe(c: Rgb, out: Uint8Array, at: number): void {
  const v = Math.max(c[0], c[1], c[2]);
  if (v < 1e-32) {
    out.fill(0, at, at + 4);
    return;
  }
  const exponent = Math.ceil(Math.log2(v + 1e-12)) || 0;
  let e = exponent;
  let f = v / 2 ** e;
  if (f >= 1) {
    e += 1;
    f /= 2;
  }
  const k = (f * 256) / v;
  out[at] = Math.min(255, Math.floor(c[0] * k));
  out[at + 1] = Math.min(255, Math.floor(c[1] * k));
  out[at + 2] = Math.min(255, Math.floor(c[2] * k));
  out[at + 3] = e + 128;
}

/** Run-length encodes one channel of a scanline ("new" Radiance RLE). */
function rleChannel(values: Uint8Array, out: number[]): void {
  let i = 0;
  while (i < values.length) {
    let run = 1;
    while (i + run < values.length && run < 127 && values[i + run] === values[i]) run++;
    if (run > 2) {
      out.push(128 + run, values[i]!);
      i += run;
      continue;
    }
    // A literal stretch up to the next run of three or more.
    const start = i;
    let count = 0;
    while (i < values.length && count < 128) {
      if (i + 2 < values.length && values[i] === values[i + 1] && values[i] === values[i + 2]) {
        break;
      }
      i++;
      count++;
    }
    out.push(count, ...values.subarray(start, start + count));
  }
}

function encodeHdr(sky: Sky, width: number, height: number, title: string): Uint8Array {
  const header = `#?RADIANCE\n# ${title}, painted by tools/make-environments.ts (CC0)\nFORMAT=32-bit_rle_rgbe\n\n-Y ${height} +X ${width}\n`;
  const bytes: number[] = [...Buffer.from(header, 'ascii')];
  const row = new Uint8Array(width * 4);
  const channel = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    const elevation = (0.5 - (y + 0.5) / height) * Math.PI;
    for (let x = 0; x < width; x++) {
      // Where azimuth 0 lands in three's equirectangular mapping only decides the starting
      // rotation of the environment, which the viewer lets the user change anyway.
      const azimuth = ((x + 0.5) / width - 0.5) * 2 * Math.PI;
      toRgbe(sky(azimuth, elevation), row, x * 4);
    }
    bytes.push(2, 2, width >> 8, width & 255);
    for (let c = 0; c < 4; c++) {
      for (let x = 0; x < width; x++) channel[x] = row[x * 4 + c]!;
      rleChannel(channel, bytes);
    }
  }
  return Uint8Array.from(bytes);
}

const environments: ReadonlyArray<[file: string, title: string, sky: Sky]> = [
  ['softbox-studio.hdr', 'Softbox studio', studio],
  ['sunny-day.hdr', 'Sunny day', sunny],
  ['overcast.hdr', 'Overcast sky', overcast],
  ['sunset.hdr', 'Sunset', sunset],
];

await mkdir(OUT, { recursive: true });
for (const [file, title, sky] of environments) {
  const bytes = encodeHdr(sky, WIDTH, HEIGHT, title);
  await writeFile(path.join(OUT, file), bytes);
  console.log(`${file}: ${(bytes.byteLength / 1024).toFixed(0)} KB`);
}
