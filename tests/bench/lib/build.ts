/**
 * Builds the baseline pages with Vite's JS API, the way Kiln's renderer is built (production,
 * minified, relative base), into `os.tmpdir()/kiln-bench-build`:
 *
 * - `pages/`: the bare three.js viewer, the GLB parse harness and a blank page; Kiln's public
 *   folder (HDR environments) is copied beside them; both sides decode Draco with three's own
 *   decoder files, which Vite emits into `assets/` for each build;
 * - `bundle/`: the bundle baseline of B7 (minimal React page + lazy R3F/drei viewer).
 */
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ROOT } from './app';

/** Where baseline builds go. */
export const BUILD_DIR = path.join(os.tmpdir(), 'kiln-bench-build');
const BASELINES = path.join(ROOT, 'tests', 'bench', 'baselines');

/** Builds the bench pages; returns their folder. */
export async function buildPages(): Promise<string> {
  const outDir = path.join(BUILD_DIR, 'pages');
  await build({
    configFile: false,
    root: BASELINES,
    base: './',
    publicDir: path.join(ROOT, 'renderer', 'public'),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 5000,
      rolldownOptions: {
        input: {
          bare: path.join(BASELINES, 'bare-viewer.html'),
          parse: path.join(BASELINES, 'parse.html'),
          blank: path.join(BASELINES, 'blank.html'),
        },
      },
    },
  });
  return outDir;
}

/** Builds the B7 bundle baseline; returns its folder. */
export async function buildBundleBaseline(): Promise<string> {
  const outDir = path.join(BUILD_DIR, 'bundle');
  await build({
    configFile: false,
    root: path.join(BASELINES, 'bundle'),
    base: './',
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  return outDir;
}
