/**
 * The preflight's labelled test set, built in memory from real CC0 / public-domain photos
 * (`../../../shared/photos/`, `photos/`): good photos, benign variants of them (mirrored,
 * re-encoded, a little brighter, trimmed), their degraded versions (Gaussian blur at three
 * strengths, downscaling, crops that cut the object, under- and over-exposure, a second object
 * composited in, a busy background), real photos with a known defect, and view sets (the same
 * object, or one view of another object). Each sample names the warnings it must draw.
 */
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  fitWithin,
  ANALYSIS_SIDE,
  DETAIL_SIDE,
  type PreflightInput,
} from '../../shared/preflight/analyse';
import type { PreflightWarningKind } from '../../shared/preflight/types';
import { POSES, SIDES } from './render-views';

const SHARED = path.resolve(import.meta.dirname, '../../../shared/photos');
const OWN = path.resolve(import.meta.dirname, 'photos');

/** One labelled photo. */
export interface Sample {
  name: string;
  /** What was done to it ("good" for none). */
  group: string;
  /** Warnings it must draw (empty: it must draw none). */
  expect: PreflightWarningKind[];
  /** Warnings that are also true of it and do not count against precision. */
  tolerate?: PreflightWarningKind[];
  photo: Promise<Buffer>;
}

/** The object in `coffee.png` (cup, saucer and spoon) as an ellipse: what edits must keep clear. */
const COFFEE_OBJECT = { cx: 279, cy: 205, rx: 212, ry: 190 };

const png = (s: Sharp) => s.png().toBuffer();
const coffee = () => sharp(path.join(SHARED, 'coffee.png'));

/** The good photos: coffee and benign variants of it (each keeps the object whole and clear). */
function goodPhotos(): { name: string; photo: () => Sharp; mirrored: boolean }[] {
  return [
    { name: 'coffee', photo: coffee, mirrored: false },
    { name: 'coffee-mirrored', photo: () => coffee().flop(), mirrored: true },
    { name: 'coffee-brighter', photo: () => coffee().linear(1.08, 0), mirrored: false },
    {
      name: 'coffee-jpeg70',
      photo: () => coffee().jpeg({ quality: 70 }),
      mirrored: false,
    },
    {
      name: 'coffee-upright-mirrored-jpeg',
      photo: () => coffee().flop().jpeg({ quality: 85 }),
      mirrored: true,
    },
  ];
}

/** Applies a linear-light gain (an exposure change in stops = log2 gain). */
async function exposed(photo: Sharp, gain: number): Promise<Buffer> {
  const { data, info } = await photo.raw().toBuffer({ resolveWithObject: true });
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    const lin = (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * gain;
    const s = lin <= 0.0031308 ? lin * 12.92 : 1.055 * Math.min(1, lin) ** (1 / 2.4) - 0.055;
    table[v] = Math.round(Math.min(1, Math.max(0, s)) * 255);
  }
  for (let i = 0; i < data.length; i++) data[i] = table[data[i]];
  return png(
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }),
  );
}

/** A round cut-out of another photo, composited onto the table clear of the object. */
async function withSecondObject(photo: Sharp, mirrored: boolean, which: number) {
  const size = 116;
  const disc = Buffer.from(
    `<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="#fff"/></svg>`,
  );
  // The rocket's nose against the evening sky, or a coin: colours the table does not have.
  const source =
    which === 0
      ? sharp(path.join(OWN, 'rocket.jpg')).extract({
          left: 262,
          top: 110,
          width: 120,
          height: 120,
        })
      : sharp(path.join(OWN, 'coins.png')).extract({ left: 10, top: 10, width: 110, height: 110 });
  const cut = await source
    .resize(size, size)
    .ensureAlpha()
    .composite([{ input: disc, blend: 'dest-in' }])
    .png()
    .toBuffer();
  // The top corner away from the cup and spoon (mirrored photos have it on the other side).
  const left = mirrored ? 6 : 600 - 6 - size;
  return png(photo.composite([{ input: cut, left, top: 6 }]));
}

/** Busy backdrop: many small shapes in many colours everywhere outside the object. */
async function withClutter(photo: Sharp, mirrored: boolean, seed: number) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const shapes: string[] = [];
  const { cx, cy, rx, ry } = COFFEE_OBJECT;
  for (let k = 0; k < 260; k++) {
    const x = rand() * 600;
    const y = rand() * 400;
    const ox = mirrored ? 600 - x : x;
    if (((ox - cx) / (rx + 25)) ** 2 + ((y - cy) / (ry + 25)) ** 2 < 1) continue;
    const w = 6 + rand() * 22;
    const h = 6 + rand() * 22;
    const colour = `rgb(${Math.floor(rand() * 256)},${Math.floor(rand() * 256)},${Math.floor(rand() * 256)})`;
    shapes.push(
      `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="${colour}"/>`,
    );
  }
  const svg = Buffer.from(`<svg width="600" height="400">${shapes.join('')}</svg>`);
  return png(photo.composite([{ input: svg }]));
}

/** Every labelled single-photo sample. */
export function photoSamples(): Sample[] {
  const out: Sample[] = [];
  const add = (s: Omit<Sample, 'photo'>, photo: () => Promise<Buffer>) =>
    out.push({ ...s, photo: photo() });
  for (const good of goodPhotos()) {
    const g = good.photo;
    add({ name: good.name, group: 'good', expect: [] }, () => png(g()));
    for (const sigma of [2.5, 4, 7]) {
      add({ name: `${good.name}-blur${sigma}`, group: 'blur', expect: ['blur'] }, () =>
        png(g().blur(sigma)),
      );
    }
    for (const factor of [3, 5]) {
      add(
        { name: `${good.name}-small${factor}`, group: 'downscaled', expect: ['resolution'] },
        () => png(g().resize(Math.round(600 / factor))),
      );
    }
    const crops = [
      { side: 'right', box: { left: 0, top: 0, width: 390, height: 400 } },
      { side: 'left', box: { left: 200, top: 0, width: 400, height: 400 } },
      { side: 'top', box: { left: 0, top: 120, width: 600, height: 280 } },
    ];
    for (const c of crops) {
      add({ name: `${good.name}-cut-${c.side}`, group: 'cut off', expect: ['cut-off'] }, () =>
        png(g().extract(c.box)),
      );
    }
    for (const [label, gain] of [
      ['dark3', 1 / 8],
      ['dark4', 1 / 16],
      ['bright2', 4],
      ['bright3', 8],
    ] as const) {
      add({ name: `${good.name}-${label}`, group: 'exposure', expect: ['exposure'] }, () =>
        exposed(g(), gain),
      );
    }
    for (const which of [0, 1]) {
      add(
        {
          name: `${good.name}-second-object${which}`,
          group: 'second object',
          expect: ['multiple-objects'],
        },
        () => withSecondObject(g(), good.mirrored, which),
      );
    }
    add({ name: `${good.name}-clutter`, group: 'clutter', expect: ['clutter'] }, () =>
      withClutter(g(), good.mirrored, out.length + 7),
    );
  }
  // Real photos with a defect of their own.
  add({ name: 'chelsea', group: 'real', expect: ['cut-off'] }, () =>
    png(sharp(path.join(SHARED, 'chelsea.png'))),
  );
  add({ name: 'clock_motion', group: 'real', expect: ['blur'] }, () =>
    png(sharp(path.join(OWN, 'clock_motion.png'))),
  );
  add(
    {
      name: 'rocket',
      group: 'real',
      expect: ['clutter'],
      tolerate: ['multiple-objects', 'cut-off'],
    },
    () => png(sharp(path.join(OWN, 'rocket.jpg'))),
  );
  add(
    {
      name: 'coins',
      group: 'real',
      expect: ['multiple-objects'],
      tolerate: ['cut-off', 'clutter'],
    },
    () => png(sharp(path.join(OWN, 'coins.png'))),
  );
  add({ name: 'astronaut', group: 'real', expect: ['cut-off'], tolerate: ['clutter'] }, () =>
    png(sharp(path.join(OWN, 'astronaut.png'))),
  );
  return out;
}

/**
 * Views of a real 3D model (the Wuson bison of assimp's test models, BSD-3-clause) rendered from
 * its front, left, back and right at three hand-held poses by `render-views.ts`: by name
 * (`wuson-<pose>-<side>`), the PNG's bytes.
 */
export function modelViews(): Map<string, Promise<Buffer>> {
  const out = new Map<string, Promise<Buffer>>();
  for (const pose of POSES)
    for (const side of Object.keys(SIDES)) {
      const name = `wuson-${pose.name}-${side}`;
      out.set(name, png(sharp(path.join(OWN, 'views', `${name}.png`))));
    }
  return out;
}

/** Decodes a photo the way the worker does: RGBA, at the analysis and detail sizes. */
export async function decodeForPreflight(photo: Buffer): Promise<PreflightInput> {
  const meta = await sharp(photo).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const at = async (side: number) => {
    const size = fitWithin(width, height, side);
    const { data, info } = await sharp(photo)
      .resize(size.width, size.height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      channels: 4,
    };
  };
  return { analysis: await at(ANALYSIS_SIDE), detail: await at(DETAIL_SIDE), width, height };
}
