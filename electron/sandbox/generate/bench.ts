/**
 * Benchmark: one default generation from a 12-megapixel photo.
 *
 * Run: `npx tsx electron/sandbox/generate/bench.ts`
 *
 * The photo is `coffee.png` upscaled to 4240x2827 and encoded as a camera would (JPEG q90).
 * Reports process CPU time (user + system, all threads, libvips' included) and wall time of the
 * generation alone, not of making the input.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { generateFromPhoto } from './index';

const source = path.resolve(import.meta.dirname, '../../../../shared/photos/coffee.png');
const photo = await sharp(await readFile(source))
  .resize({ width: 4240, height: 2827, fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();
const { width, height } = await sharp(photo).metadata();

const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const model = await generateFromPhoto(photo, {
  polyCount: 100_000,
  remesh: true,
  textureSize: 2048,
  textureFormat: 'webp',
});
const wall = performance.now() - wall0;
const cpu = process.cpuUsage(cpu0);

console.log(
  [
    `input      ${width}x${height} JPEG (${(((width ?? 0) * (height ?? 0)) / 1e6).toFixed(1)} MP, ${(photo.length / 1e6).toFixed(1)} MB)`,
    `triangles  ${model.triangles} (target 100000), vertices ${model.vertices}`,
    `size       ${model.size.x.toFixed(3)} x ${model.size.y.toFixed(3)} x ${model.size.z.toFixed(3)} m`,
    `glb        ${(model.glb.length / 1e6).toFixed(2)} MB, thumbnail ${model.thumbnail.length} B`,
    `cpu        ${((cpu.user + cpu.system) / 1e3).toFixed(0)} ms (user ${(cpu.user / 1e3).toFixed(0)}, system ${(cpu.system / 1e3).toFixed(0)})`,
    `wall       ${wall.toFixed(0)} ms`,
  ].join('\n'),
);
