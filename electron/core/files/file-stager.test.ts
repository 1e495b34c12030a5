/**
 * Staging reads the photo's header: a speck or a dimension bomb is refused before any upload.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStager } from './file-stager';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-stager-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const png = async (name: string, width: number, height: number) => {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: '#a06030' } })
    .png()
    .toFile(file);
  return file;
};

describe('FileStager', () => {
  it('stages a photo and refuses a 1×1 image and a 20000-pixel-wide one with a sentence', async () => {
    const stager = new FileStager();
    const staged = await stager.stagePath(await png('cup.png', 320, 240));
    expect(staged).toMatchObject({ name: 'cup.png', type: 'image/png' });
    await expect(stager.stagePath(await png('dot.png', 1, 1))).rejects.toThrow(
      /only 1×1 pixels\. Choose a photo at least 64/,
    );
    await expect(stager.stagePath(await png('strip.png', 20_000, 64))).rejects.toThrow(
      /20000×64 pixels, more than Kiln reads/,
    );
  });

  it("reads a photo's size from its first 256 kB, and the whole file when the header is further in", async () => {
    const stager = new FileStager();
    // 1.5 MB of noise: the size comes from the PNG header at its start.
    const noisy = path.join(dir, 'noisy.png');
    await sharp({
      create: {
        width: 900,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toFile(noisy);
    await expect(stager.stagePath(noisy)).resolves.toMatchObject({ type: 'image/png' });
    // A JPEG whose header sits after 320 kB of application segments (as a big EXIF or ICC block
    // puts it): too small a photo, which only the whole file can tell.
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    const segment = Buffer.concat([Buffer.from([0xff, 0xef, 0xff, 0xff]), Buffer.alloc(0xfffd)]);
    const padded = path.join(dir, 'padded.jpg');
    await writeFile(
      padded,
      Buffer.concat([
        jpeg.subarray(0, 2),
        ...Array.from({ length: 5 }, () => segment),
        jpeg.subarray(2),
      ]),
    );
    await expect(stager.stagePath(padded)).rejects.toThrow(/only 50×40 pixels/);
  });
});
