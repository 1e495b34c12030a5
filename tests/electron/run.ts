/**
 * `npm run test:electron`: the real-Electron smoke suite, where an Electron binary exists.
 *
 * `npm ci` installs no Electron binary (Electron 42+) and our build machines cannot fetch one: the suite then
 * says so in one line and exits 0 without running anything (it is not a pass, and prints nothing a
 * reader could take for one) — or 1 where KILN_REQUIRE_ELECTRON is set (CI, which downloads it). With a binary it builds the app and runs the specs beside this file,
 * under `xvfb-run` on a Linux without a display.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findElectronBinary } from '../../tools/electron-binary';

const root = path.resolve(import.meta.dirname, '..', '..');
const electron = findElectronBinary();
if ('missing' in electron) {
  console.log(`Electron smoke suite NOT RUN: no Electron binary here (${electron.missing}).`);
  // CI sets KILN_REQUIRE_ELECTRON: there a missing binary is a failure, not a note.
  process.exit(process.env['KILN_REQUIRE_ELECTRON'] ? 1 : 0);
}

const node = process.execPath;
const run = (command: string, args: string[]): number => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error)
    console.error(`Electron smoke suite: could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
};

if (run(node, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build']) !== 0) process.exit(1);
const playwright = [
  path.join(root, 'node_modules/@playwright/test/cli.js'),
  'test',
  '--config',
  path.join(root, 'tests/electron/playwright.config.ts'),
  ...process.argv.slice(2),
];
const headless =
  process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY'];
process.exit(headless ? run('xvfb-run', ['-a', node, ...playwright]) : run(node, playwright));
