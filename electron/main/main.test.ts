/**
 * Wiring test of the Electron shell, run in plain Node with a stand-in `electron` module: every
 * contract channel is handled, the window is locked down, senders are checked, navigation,
 * pop-ups and permissions are denied, and the `kiln:` protocol stays inside its folders.
 */
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../shared/ipc/channels';
import { recorded } from '../testing/fake-electron';

vi.mock('electron', async () => (await import('../testing/fake-electron')).fakeElectron);
// electron-store reads Electron's app paths from the real module, which plain Node lacks.
vi.mock('electron-store', () => ({
  default: class {
    store: Record<string, unknown> = {};
  },
}));

const { start } = await import('./index');
await vi.waitFor(() => expect(recorded.windows.length).toBe(1), { timeout: 30_000 });
const { resolveKilnUrl } = await import('./app-protocol');

const appFrame = { url: 'kiln://app/index.html' };
const trusted = () => ({ senderFrame: appFrame, sender: { mainFrame: appFrame } });

describe('electron/main wiring', () => {
  it('exports start, enables the sandbox for every renderer and keeps a single instance', () => {
    expect(typeof start).toBe('function');
    expect(recorded.sandboxEnabled).toBe(true);
    expect(recorded.singleInstanceRequested).toBe(true);
    expect(recorded.menu).toBeDefined();
  });

  it('locks down every web contents created later too', () => {
    const [onCreated] = recorded.appListeners.get('web-contents-created')!;
    const listeners = new Map<string, (...a: unknown[]) => void>();
    let openHandler: ((d: unknown) => unknown) | undefined;
    onCreated!(
      {},
      {
        setWindowOpenHandler: (fn: (d: unknown) => unknown) => (openHandler = fn),
        on: (name: string, fn: (...a: unknown[]) => void) => listeners.set(name, fn),
      },
    );
    expect(openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const away = { preventDefault: vi.fn() };
    listeners.get('will-navigate')!(away, 'https://example.com/');
    expect(away.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    listeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('registers exactly one handler per contract channel', () => {
    expect([...recorded.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it('creates the window with secure preferences', () => {
    const prefs = recorded.windows[0]!.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
    });
    expect(prefs).toMatchObject({ disableBlinkFeatures: 'Auxclick', navigateOnDragDrop: false });
    expect(String(prefs['preload'])).toMatch(/preload[\\/]index\.cjs$/);
    expect(recorded.windows[0]!.loadedUrl).toBe('kiln://app/index.html');
  });

  it('answers a trusted sender through dispatch and refuses others', async () => {
    const handler = recorded.handlers.get('app:info')!;
    await expect(handler(trusted(), undefined)).resolves.toMatchObject({
      ok: true,
      value: { mode: 'sandbox', version: '0.0.0-test' },
    });
    const foreign = { url: 'https://evil.example/' };
    await expect(
      handler({ senderFrame: foreign, sender: { mainFrame: foreign } }, undefined),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const subFrame = { url: 'kiln://app/index.html' };
    await expect(
      handler({ senderFrame: subFrame, sender: { mainFrame: appFrame } }, undefined),
    ).resolves.toMatchObject({
      ok: false,
    });
  });

  it('validates input at the boundary', async () => {
    const handler = recorded.handlers.get('jobs:startPhoto')!;
    await expect(handler(trusted(), { fileId: '', tier: 'ultra' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('denies pop-ups, foreign navigation and permission requests', () => {
    const wc = recorded.windows[0]!.webContents;
    expect(wc.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const navigate = wc.listeners.get('will-navigate')!;
    const away = { preventDefault: vi.fn() };
    navigate(away, 'https://example.com/');
    expect(away.preventDefault).toHaveBeenCalled();
    const inside = { preventDefault: vi.fn() };
    navigate(inside, 'kiln://app/index.html');
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const granted: boolean[] = [];
    recorded.permissionHandler?.({}, 'media', (ok) => granted.push(ok));
    expect(granted).toEqual([false]);
    expect(recorded.permissionCheck?.()).toBe(false);
  });

  it('registers kiln: as a privileged scheme and confines it to its folders', () => {
    expect(recorded.privileged).toContainEqual(
      expect.objectContaining({
        scheme: 'kiln',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    );
    expect(recorded.protocolHandlers.has('kiln')).toBe(true);
    const folders = { renderer: '/app/renderer', cache: '/data/cache' };
    expect(resolveKilnUrl('kiln://app/index.html', folders)).toBe('/app/renderer/index.html');
    expect(resolveKilnUrl('kiln://app/%2e%2e/%2e%2e/etc/passwd', folders)).toSatisfy(
      (p: string | undefined) => p === undefined || p.startsWith('/app/renderer/'),
    );
    expect(resolveKilnUrl('kiln://app/..%5c..%5csecret', folders)).toBeUndefined();
    const hash = 'a'.repeat(64);
    expect(resolveKilnUrl(`kiln://models/${hash}.glb`, folders)).toBe(`/data/cache/${hash}.glb`);
    expect(resolveKilnUrl('kiln://models/..%2fjobs.json', folders)).toBeUndefined();
    expect(resolveKilnUrl('kiln://models/jobs.json', folders)).toBeUndefined();
    expect(resolveKilnUrl('kiln://elsewhere/x', folders)).toBeUndefined();
  });
});
