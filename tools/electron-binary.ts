/**
 * Where the Electron binary of this checkout is, if it was downloaded. Electron 42 and later
 * install no binary with the package: `require('electron')` downloads it on first use (and fails
 * offline, as on our build machines), `npx install-electron` fetches it ahead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The Electron executable's path, or the reason there is none. */
export type ElectronBinary = { path: string } | { missing: string };

const require = createRequire(import.meta.url);

/**
 * Finds the Electron executable of the installed `electron` package.
 *
 * @param options.download - fetch the binary when it is missing, as `require('electron')` does
 *   (`npm start`); without it (the test suites) nothing is fetched: a missing binary is reported.
 */
export function findElectronBinary(options: { download?: boolean } = {}): ElectronBinary {
  if (options.download) {
    try {
      const found: unknown = require('electron');
      if (typeof found !== 'string') return { missing: 'the electron package names no executable' };
      return existsSync(found) ? { path: found } : { missing: `${found} does not exist` };
    } catch (error) {
      return { missing: error instanceof Error ? error.message : String(error) };
    }
  }
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  // The package's own record of its downloaded executable (what its index.js reads).
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return { missing: 'not downloaded yet: npx install-electron' };
  const executable = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable)
    ? { path: executable }
    : { missing: `${executable} does not exist` };
}
