/**
 * How tests, screenshots and benchmarks launch Debian's Chromium: WebGL through SwiftShader, and
 * no background traffic (the build machines have no network beyond the package registries).
 */

/** The Chromium binary: Debian's, unless CHROMIUM_PATH says otherwise. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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
