/**
 * Staging reads the photo's header: a speck or a dimension bomb is refused before any upload.
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
});
