/**
 * How tests, screenshots and benchmarks launch Chromium: WebGL through SwiftShader, and no
 * background traffic (the build machines have no network beyond the package registries).
 */
import { existsSync } from 'node:fs';

/** Debian's Chromium package (`apt-get install chromium`), what CI and the build machines use. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Which Chromium to drive, on any OS: the one `CHROMIUM_PATH` names, else Debian's, else
 * `undefined` — Playwright's own build (`npx playwright install chromium` puts it in place on
 * macOS and Windows). A `CHROMIUM_PATH` that names no file is an error, not a silent fallback.
 */
export function findChromium(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  const chosen = env['CHROMIUM_PATH'];
  if (chosen) {
    if (!exists(chosen)) {
      throw new Error(
        `CHROMIUM_PATH is ${chosen}, which does not exist. Point it at a Chromium or Chrome binary, or unset it to use ${DEBIAN_CHROMIUM} or Playwright's Chromium (npx playwright install chromium).`,
      );
    }
    return chosen;
  }
  return exists(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

/** The Chromium binary the tests launch; `undefined` means Playwright's own. */
export const CHROMIUM_PATH = findChromium();

/** Launch flags: software WebGL, no sandbox (CI runs as root), no background networking. */
export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Debian's Chromium still calls Google's account and component-update services at start;
  // point both at a closed local port (found by the benchmark's network trap, B12).
  '--gaia-url=http://127.0.0.1:9/',
  '--component-updater=url-source=http://127.0.0.1:9/',
  // …and its autofill crowdsourcing server whenever a page shows a form (B12 saw 156 such
  // calls in one run). Electron has no autofill service; this keeps the tests' Chromium alike.
  '--autofill-server-url=http://127.0.0.1:9/',
];

/**
 * The e2e suite's flags: {@link CHROMIUM_ARGS} with the compositor drawing in software, as
 * Chromium does on a machine whose GPU it does not trust (WebGL still draws through SwiftShader).
 * With `--use-angle=swiftshader` alone the compositor also draws through SwiftShader, and redraws
 * the whole 1280 × 800 frame on the CPU for every frame: one CSS animation (the job stage's
 * breathing photo) kept the GPU process at 1.8 cores, against 0.12 with software compositing,
 * which redraws only what changed. No artist's Kiln composites through SwiftShader. The suite
 * took 1,094 s with it and 825 s without (same machine, quiet, 2026-11-27; README "Test").
 * The benchmarks keep {@link CHROMIUM_ARGS}: their figures are ratios against baselines measured
 * the same way.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-gpu-compositing'];
