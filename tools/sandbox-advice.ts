/**
 * What to tell a Linux user whose Electron aborted at start because Chromium's sandbox could not be
 * made. Ubuntu 24.04 and later restrict unprivileged user namespaces with AppArmor, so an Electron
 * binary without a profile (a development checkout's, an AppImage's) falls back to the SUID helper
 * `chrome-sandbox`, which npm cannot install root-owned: Chromium aborts before any of Kiln's code
 * runs, so the explanation has to come from whatever started it (`npm start`'s launcher) or the
 * README. Kiln never falls back to `--no-sandbox`: the renderer parses glTF files from anywhere.
 */
import path from 'node:path';

/** Chromium's messages when neither a user namespace nor a working SUID helper is available. */
const SANDBOX_ABORT =
  /SUID sandbox helper binary was found, but is not configured correctly|No usable sandbox!/;

/** Whether `stderr` of an Electron run that failed shows the sandbox abort. */
export function isSandboxAbort(stderr: string): boolean {
  return SANDBOX_ABORT.test(stderr);
}

/**
 * The explanation and the two fixes for a development checkout's Electron at `electronPath`:
 * make its SUID helper root-owned (Electron's own advice), or give it an AppArmor profile like
 * the one the .deb installs. `restrictsUserns` is the value of
 * `/proc/sys/kernel/apparmor_restrict_unprivileged_userns` (null when the file does not exist).
 */
export function sandboxAdvice(electronPath: string, restrictsUserns: string | null): string {
  const helper = path.join(path.dirname(electronPath), 'chrome-sandbox');
  const why =
    restrictsUserns?.trim() === '1'
      ? 'this Linux restricts unprivileged user namespaces (AppArmor, Ubuntu 24.04 and later)'
      : 'this Linux gives Chromium no user namespace for its sandbox';
  return [
    `Kiln could not start: ${why}, and Electron's fallback, its SUID helper, is not set up.`,
    'Kiln never runs without its sandbox. Fix it once, with either:',
    '',
    '  1. the SUID helper, owned by root (Electron’s own advice; for this checkout only):',
    `       sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'`,
    '',
    '  2. or an AppArmor profile for this Electron, like the one Kiln’s .deb installs:',
    `       printf 'abi <abi/4.0>,\\ninclude <tunables/global>\\nprofile kiln-dev "%s" flags=(unconfined) {\\n  userns,\\n}\\n' '${electronPath}' \\`,
    '         | sudo tee /etc/apparmor.d/kiln-dev >/dev/null && sudo apparmor_parser -r /etc/apparmor.d/kiln-dev',
    '',
    'Then run npm start again. README → "Linux desktops" says more.',
  ].join('\n');
}
