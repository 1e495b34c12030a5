/**
 * The Electron bundles `npm start` and `npm run dist` ship, as built by `vite build`: a
 * sandboxed preload must be CommonJS (Electron refuses an ES-module preload in a sandbox), the
 * main process is an ES module that keeps native modules external, and the renderer loads from
 * relative paths under the `kiln:` protocol.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';

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

test('the renderer references its assets relatively', async () => {
  const html = await read('dist/renderer/index.html');
  expect(html).toMatch(/src="\.\/assets\/index-[\w-]+\.js"/);
  expect(html).not.toMatch(/https?:\/\//);
});
