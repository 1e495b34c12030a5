/**
 * Adds another CPU's prebuilt native packages (sharp's `@img/*`, `@napi-rs/keyring-*`) beside the
 * installed ones, at the versions of package-lock.json, so one macOS job packs both the x64 and the
 * arm64 app (and one `latest-mac.yml` lists both for the updater). npm installs only the host's.
 *
 *   tsx tools/natives-for-arch.ts darwin x64
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [os, cpu] = process.argv.slice(2);
if (!os || !cpu) throw new Error('usage: tsx tools/natives-for-arch.ts <os> <cpu>');
const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; os?: string[]; cpu?: string[] }>;
};
const wanted = Object.entries(lock.packages)
  .filter(([, p]) => p.optional && p.os?.includes(os) && p.cpu?.includes(cpu))
  .filter(([where]) => /^node_modules\/(@img\/sharp|@napi-rs\/keyring)-/.test(where))
  .filter(([where]) => !existsSync(path.join(root, where)))
  .map(([where, p]) => `${where.slice('node_modules/'.length)}@${p.version}`);
if (wanted.length === 0) console.log(`natives for ${os}-${cpu}: already installed`);
else {
  console.log(`natives for ${os}-${cpu}: ${wanted.join(' ')}`);
  // --force: npm refuses packages of another CPU otherwise; --no-save keeps the lock as it is.
  execFileSync('npm', ['install', '--no-save', '--force', '--no-audit', '--no-fund', ...wanted], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
}
