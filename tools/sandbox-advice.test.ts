import { describe, expect, it } from 'vitest';
import { isSandboxAbort, sandboxAdvice } from './sandbox-advice';

/** What Electron prints on Ubuntu 24.04 (electron/electron#42510). */
const UBUNTU_ABORT =
  "[12345:0101/120000.000000:FATAL:setuid_sandbox_host.cc(158)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that /home/ada/kiln/node_modules/electron/dist/chrome-sandbox is owned by root and has mode 4755.";

describe('the sandbox abort of npm start', () => {
  it('is recognised from Chromium’s fatal line, and nothing else is', () => {
    expect(isSandboxAbort(`some warning\n${UBUNTU_ABORT}\n`)).toBe(true);
    expect(isSandboxAbort('[FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! ...')).toBe(
      true,
    );
    expect(isSandboxAbort('Error: Cannot find module dist-electron/main/index.js')).toBe(false);
  });

  it('names the AppArmor restriction and both fixes for this checkout’s Electron, never --no-sandbox', () => {
    const electron = '/home/ada/kiln/node_modules/electron/dist/electron';
    const advice = sandboxAdvice(electron, '1\n');
    expect(advice).toContain('restricts unprivileged user namespaces (AppArmor, Ubuntu 24.04');
    expect(advice).toContain(
      "sudo chown root:root '/home/ada/kiln/node_modules/electron/dist/chrome-sandbox' && sudo chmod 4755",
    );
    expect(advice).toContain(`'${electron}'`);
    expect(advice).toContain('userns,');
    expect(advice).toContain('sudo apparmor_parser -r /etc/apparmor.d/kiln-dev');
    expect(advice).not.toMatch(/--no-sandbox|apparmor_restrict_unprivileged_userns=0/);
  });

  it('gives a general reason where the kernel has no AppArmor restriction', () => {
    expect(sandboxAdvice('/x/electron', null)).toContain('gives Chromium no user namespace');
  });
});
