/**
 * Where the Electron binary of this checkout is, if it was downloaded. Installs made with
 * ELECTRON_SKIP_BINARY_DOWNLOAD=1 (our build machines, the Debian CI job) have the `electron`
 * package without its binary: `require('electron')` then throws, or names a file that is missing.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The Electron executable's path, or the reason there is none. */
export type ElectronBinary = { path: string } | { missing: string };

/** Finds the Electron executable the `electron` package installed (its `index.js` answers). */
export function findElectronBinary(): ElectronBinary {
  let found: unknown;
  try {
    found = createRequire(import.meta.url)('electron');
  } catch (error) {
    return { missing: error instanceof Error ? error.message : String(error) };
  }
  if (typeof found !== 'string') return { missing: 'the electron package names no executable' };
  if (!existsSync(found)) return { missing: `${found} does not exist` };
  return { path: found };
}
