/**
 * The desktop shell's pure parts: the native menu per platform, the external-link allow-list and
 * the on-screen check of remembered window bounds.
 */
import { describe, expect, it, vi } from 'vitest';
import { recorded } from '../testing/fake-electron';

vi.mock('electron', async () => (await import('../testing/fake-electron')).fakeElectron);
const { menuTemplate } = await import('./app-menu');
const { isAllowedExternalUrl, openExternalSafely } = await import('./external-links');
const { isVisibleOn } = await import('./window-state');

const labels = (items: Array<{ label?: string; role?: string }>) =>
  items.map((i) => i.label ?? i.role);
const roles = (item: unknown) =>
  ((item as { submenu: Array<{ role?: string }> }).submenu ?? [])
    .map((i) => i.role)
    .filter(Boolean);

describe('native menu', () => {
  it('follows macOS conventions: app menu with About and Quit, no Quit under File', () => {
    const menu = menuTemplate({ platform: 'darwin', appName: 'Kiln', dev: false });
    expect(labels(menu)).toEqual(['Kiln', '&File', '&Edit', '&View', '&Window']);
    expect(roles(menu[0])).toEqual(expect.arrayContaining(['about', 'hide', 'quit']));
    expect(roles(menu[1])).not.toContain('quit');
  });

  it('follows Windows/Linux conventions: Quit under File, no app menu', () => {
    const menu = menuTemplate({ platform: 'win32', appName: 'Kiln', dev: false });
    expect(labels(menu)).toEqual(['&File', '&Edit', '&View', '&Window']);
    expect(roles(menu[0])).toContain('quit');
  });

  it('offers developer tools only in development', () => {
    expect(
      roles(menuTemplate({ platform: 'linux', appName: 'Kiln', dev: false })[2]),
    ).not.toContain('toggleDevTools');
    expect(roles(menuTemplate({ platform: 'linux', appName: 'Kiln', dev: true })[2])).toContain(
      'toggleDevTools',
    );
  });
});

describe('external links', () => {
  const hosts = ['platform.example.com'];
  it('allows only https on allow-listed hosts, without credentials', () => {
    expect(isAllowedExternalUrl('https://platform.example.com/top-up', hosts)).toBe(true);
    expect(isAllowedExternalUrl('https://PLATFORM.example.com/keys', hosts)).toBe(true);
    for (const url of [
      'http://platform.example.com/top-up',
      'https://evil.example.com/',
      'https://platform.example.com.evil.test/',
      'https://user:pw@platform.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://platform.example.com/share',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(url, hosts), url).toBe(false);
    }
  });

  it('opens allowed links in the system browser and refuses others', async () => {
    await expect(openExternalSafely('https://platform.example.com/top-up', hosts)).resolves.toBe(
      true,
    );
    await expect(openExternalSafely('https://evil.example.com/', hosts)).resolves.toBe(false);
    expect(recorded.openedExternally).toEqual(['https://platform.example.com/top-up']);
  });
});

describe('remembered window bounds', () => {
  const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it('keeps bounds that are on a display and drops bounds left on an unplugged one', () => {
    expect(isVisibleOn({ x: 100, y: 100, width: 1200, height: 800 }, displays)).toBe(true);
    expect(isVisibleOn({ x: 1850, y: 100, width: 1200, height: 800 }, displays)).toBe(false);
    expect(isVisibleOn({ x: 2500, y: 0, width: 1200, height: 800 }, displays)).toBe(false);
  });
});
