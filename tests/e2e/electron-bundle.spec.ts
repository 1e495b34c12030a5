/**
 * The Electron bundles `npm start` and `npm run dist` ship, as built by `vite build`: a
 * sandboxed preload must be CommonJS (Electron refuses an ES-module preload in a sandbox), the
 * main process is an ES module that keeps native modules external, and the renderer loads from
 * relative paths under the `kiln:` protocol.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { Converter } from '../../electron/core/convert/converter';
import { GeneratorThread } from '../../electron/sandbox/generate/generator-thread';
import { NoObjectError } from '../../electron/sandbox/generate';
import sharp from 'sharp';
import { coffeeModel } from '../support/fixture-models';
import { PHOTOS } from '../support/kiln-page';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

test('the preload is a CommonJS script that only requires electron', async () => {
  const preload = await read('dist-electron/preload/index.cjs');
  expect(preload).toMatch(/require\(["'`]electron["'`]\)/);
  expect(preload).not.toMatch(/^\s*import\s/m);
  expect(preload.match(/require\(["'`]([^"'`]+)["'`]\)/g)).toEqual(['require("electron")']);
});

test('the main process is an ES module with native modules left external', async () => {
  const main = await read('dist-electron/main/index.js');
  expect(main).toMatch(/from "electron"/);
  expect(main).toMatch(/from "@napi-rs\/keyring"/);
  expect(main).toMatch(/from "sharp"/);
});

test('the compatible-GLB worker is built beside the main process, which loads it by that name', async () => {
  const worker = await read('dist-electron/main/convert-worker.js');
  // Its own entry: it answers the main process from its thread, with the field's libraries
  // left external (sharp is native) like the main bundle's.
  expect(worker).toMatch(/from "node:worker_threads"/);
  expect(worker).toMatch(/from "sharp"/);
  expect(worker).toMatch(/from "@gltf-transform\/core"/);
  expect(worker).not.toMatch(/from "electron"/);
  const main = await read('dist-electron/main/index.js');
  // Vite keeps the relative URL (as `"" + import.meta.url`): resolved beside index.js at run time.
  expect(main).toMatch(/new URL\(["'`]\.\/convert-worker\.js["'`], (?:"" \+ )?import\.meta\.url\)/);
});

test('the built worker converts a generated model on its own (no tsx, no sources)', async () => {
  test.setTimeout(120_000);
  const converter = new Converter({
    workerFile: pathToFileURL(path.join(root, 'dist-electron/main/convert-worker.js')),
  });
  try {
    const { report } = await converter.convert((await coffeeModel()).bytes);
    expect(report.textures.map((t) => `${t.from} → ${t.to}`)).toEqual(['image/webp → image/jpeg']);
    expect(report.extensionsRequired).toEqual([]);
  } finally {
    converter.close();
  }
});

test("the sandbox's generator worker is built beside the main process, which hands it to the sandbox", async () => {
  const worker = await read('dist-electron/main/generate-worker.js');
  expect(worker).toMatch(/from "node:worker_threads"/);
  expect(worker).toMatch(/from "sharp"/);
  expect(worker).not.toMatch(/from "electron"/);
  const main = await read('dist-electron/main/index.js');
  expect(main).toMatch(
    /new URL\(["'`]\.\/generate-worker\.js["'`], (?:"" \+ )?import\.meta\.url\)/,
  );
  // The generator itself left the main bundle: it runs only in the worker.
  expect(main).not.toMatch(/generateFromViews takes 1-4 views/);
});

test('the built generator worker makes a model on its own (no tsx, no sources)', async () => {
  test.setTimeout(120_000);
  const thread = new GeneratorThread({
    workerFile: pathToFileURL(path.join(root, 'dist-electron/main/generate-worker.js')),
  });
  try {
    const photo = await readFile(path.join(PHOTOS, 'coffee.png'));
    const options = {
      polyCount: 10_000,
      remesh: true,
      textureSize: 1024,
      textureFormat: 'webp',
    } as const;
    const model = await thread.generate([photo], options);
    expect(new TextDecoder().decode(model.glb.subarray(0, 4))).toBe('glTF');
    expect(model.triangles).toBeGreaterThan(9_000);
    // A photo of nothing: the generator's own error class comes back across the thread.
    const blank = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const failure = await thread.generate([blank], options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoObjectError);
  } finally {
    await thread.close();
  }
});

test('the renderer references its assets relatively', async () => {
  const html = await read('dist/renderer/index.html');
  expect(html).toMatch(/src="\.\/assets\/index-[\w-]+\.js"/);
  expect(html).not.toMatch(/https?:\/\//);
  // The app's font comes with the page, not after its first paint (vite.config.ts).
  expect(html).toMatch(
    /<link rel="preload" as="font" type="font\/woff2" crossorigin href="\.\/assets\/inter-latin-wght-normal-[\w-]+\.woff2">/,
  );
});
