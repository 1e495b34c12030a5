/**
 * `npm start`: runs the built app in this checkout's Electron, passing its output through. When
 * Electron aborts because Linux gave its sandbox no user namespace (Ubuntu 24.04+), Chromium's own
 * message is one fatal line; this says what happened and how to fix it (tools/sandbox-advice.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findElectronBinary } from './electron-binary';
import { isSandboxAbort, sandboxAdvice } from './sandbox-advice';

// npm start fetches Electron's binary on its first run, as `electron .` would.
const electron = findElectronBinary({ download: true });
if ('missing' in electron) {
  console.error(`Electron's binary is not installed (${electron.missing}).`);
  console.error(
    'Fetch it with `npx install-electron` where the network allows, or run Kiln in a browser: npm run web',
  );
  process.exit(1);
}

const child = spawn(electron.path, ['.', ...process.argv.slice(2)], {
  stdio: ['inherit', 'inherit', 'pipe'],
});
// Only the start matters: the abort comes before the window, so keep the first 64 KiB.
let head = '';
child.stderr.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk);
  if (head.length < 65_536) head += chunk.toString('utf8');
});
child.on('exit', (code, signal) => {
  if ((code !== 0 || signal) && process.platform === 'linux' && isSandboxAbort(head)) {
    let restricts: string | null = null;
    try {
      restricts = readFileSync('/proc/sys/kernel/apparmor_restrict_unprivileged_userns', 'utf8');
    } catch {
      // Not an AppArmor kernel: the advice still holds, with a general reason.
    }
    console.error(`\n${sandboxAdvice(electron.path, restricts)}`);
  }
  process.exit(code ?? 1);
});
