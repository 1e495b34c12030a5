/**
 * Pre-filters the viewer's lighting environments into `renderer/public/environments/*.kenv`.
 *
 * The viewer used to build each environment's PMREM (the GGX-filtered cube three's PBR shaders
 * sample) at run time: seconds of GPU work on a software GPU at every start, for a result that
 * never changes. This runs three's own `PMREMGenerator` once, in Debian's Chromium, on each
 * source (the studio's light panels, `tools/prefilter-page/studio.ts`; the painted HDR skies,
 * `resources/environments/*.hdr` from `tools/make-environments.ts`), reads every mip level
 * back and writes it in Kiln's `.kenv` format (`renderer/src/viewer/environment/environment-file.ts`).
 *
 * Then it checks each file: a scene of a mirror, a semi-gloss and a rough sphere over the
 * blurred environment is rendered lit by the runtime PMREM and by the file, and the pixels
 * must agree (it fails otherwise). The output is deterministic for a given three.js and
 * Chromium.
 *
 * Run: `npx tsx tools/prefilter-environments.ts`
 */
import { chromium } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { encodeEnvironment } from '../renderer/src/viewer/environment/environment-file';
import {
  ENVIRONMENTS,
  environmentFile,
  type EnvironmentId,
} from '../renderer/src/viewer/environment/environments';
import { serveStatic } from '../tests/bench/lib/static-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'renderer', 'public', 'environments');

/** Where each environment comes from: the studio's panels, or a painted HDR sky. */
const SOURCES: Record<EnvironmentId, string> = {
  studio: 'studio',
  softbox: 'softbox-studio.hdr',
  sunny: 'sunny-day.hdr',
  overcast: 'overcast.hdr',
  sunset: 'sunset.hdr',
};

/** Largest difference of one 8-bit channel allowed between the runtime and the shipped render. */
const MAX_CHANNEL_DIFF = 2;

/**
 * Converts a cube render target's faces (as PMREMGenerator leaves them) to a cube texture's:
 * three samples cube textures mirrored in x (`flipEnvMap`), so the ±X faces swap and every face
 * is mirrored left to right.
 */
function asCubeTextureFaces(faces: Uint16Array[], edge: number): Uint16Array[] {
  const order = [1, 0, 2, 3, 4, 5];
  return order.map((from) => {
    const src = faces[from]!;
    const out = new Uint16Array(src.length);
    for (let y = 0; y < edge; y++) {
      for (let x = 0; x < edge; x++) {
        const a = (y * edge + x) * 4;
        const b = (y * edge + (edge - 1 - x)) * 4;
        out.set(src.subarray(b, b + 4), a);
      }
    }
    return out;
  });
}

function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

const pageDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-prefilter-'));
await build({
  configFile: false,
  root: path.join(ROOT, 'tools', 'prefilter-page'),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: { outDir: pageDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
});
const server = await serveStatic({
  '/': pageDir,
  '/sources/': path.join(ROOT, 'resources', 'environments'),
  '/shipped/': OUT,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let failed = false;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => 'kilnPrefilter' in window);
  for (const env of ENVIRONMENTS) {
    const file = environmentFile(env.id);
    const source = SOURCES[env.id] === 'studio' ? 'studio' : `/sources/${SOURCES[env.id]}`;
    const result = await page.evaluate((s) => window.kilnPrefilter.prefilter(s), source);
    const texels = result.faces.map((faces, level) =>
      asCubeTextureFaces(
        faces.map((f) => new Uint16Array(fromBase64(f).buffer)),
        result.size >> level,
      ),
    );
    const bytes = encodeEnvironment({
      header: { version: 1, size: result.size, levels: result.levels, encoding: 'rgba16f' },
      texels,
    });
    const gz = gzipSync(bytes, { level: 9 });
    await writeFile(path.join(OUT, file), gz);

    const check = await page.evaluate(
      ([s, f]) => window.kilnPrefilter.compare(s!, f!),
      [source, `/shipped/${file}`],
    );
    const a = fromBase64(check.runtime);
    const b = fromBase64(check.file);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    const ok = worst <= MAX_CHANNEL_DIFF;
    failed ||= !ok;
    console.log(
      `${file}: ${result.size}² × ${result.levels} levels, ${(bytes.length / 2 ** 20).toFixed(2)} MB → ` +
        `${(gz.length / 2 ** 20).toFixed(2)} MB gzip; check render max channel difference ${worst}` +
        `${ok ? '' : ` (over ${MAX_CHANNEL_DIFF}: FAILED)`}`,
    );
  }
} finally {
  await browser.close();
  await server.close();
  await rm(pageDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
