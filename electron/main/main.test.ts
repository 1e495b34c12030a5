/**
 * Wiring test of the Electron shell, run in plain Node with a stand-in `electron` module: every
 * contract channel is handled, the window is locked down, senders are checked, navigation,
 * pop-ups and permissions are denied, and the `kiln:` protocol stays inside its folders. Then the
 * desktop features: taskbar progress and notifications from job updates, drag-out and Show in
 * folder by reference, files opened from the OS (argv, second instance, open-file, File → Open),
 * and the Open Recent menu. Then shipping: electron-updater wired to the core's update decisions
 * (a packaged build), the Help menu's logs and diagnostics, local-only crash dumps, and a crashed
 * or hung page reloaded with a notice.
 */
import { NodeIO, Document } from '@gltf-transform/core';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, DRAG_CHANNEL, EVENT_CHANNEL } from '../../shared/ipc/channels';
import type { JobView } from '../../shared/ipc/contract';
import { fakeElectron, recorded } from '../testing/fake-electron';
import { autoUpdater } from '../testing/fake-electron-updater';

vi.mock('electron', async () => (await import('../testing/fake-electron')).fakeElectron);
vi.mock(
  'electron-updater',
  async () => (await import('../testing/fake-electron-updater')).fakeElectronUpdater,
);
// A packaged build, so main wires electron-updater (a development build has no feed).
fakeElectron.app.isPackaged = true;
// electron-store reads Electron's app paths from the real module, which plain Node lacks.
vi.mock('electron-store', () => ({
  default: class {
    store: Record<string, unknown> = {};
  },
}));

const { start, started } = await import('./index');
await vi.waitFor(() => expect(recorded.windows.length).toBe(1), { timeout: 30_000 });
const kiln = (await started)!;
const { openKilnUrl } = await import('./app-protocol');

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

  it("gives a new user's sandbox the first-run sample models, free (issue 31)", async () => {
    // The desktop app's demo mode is Kiln's own (APP_SANDBOX_OPTIONS), unlike the tests' hosts.
    const listed = await recorded.handlers.get('library:list')!(trusted(), {});
    expect(listed).toMatchObject({ ok: true });
    const { items } = (listed as { value: { items: Array<{ name?: string }> } }).value;
    expect(items.map((i) => i.name).sort()).toEqual([
      'Sample · Cat',
      'Sample · Coffee cup',
      'Sample · Coffee cup',
    ]);
    const balance = await recorded.handlers.get('account:balance')!(trusted(), undefined);
    expect(balance).toMatchObject({ ok: true, value: { balanceUsd: '25.00' } });
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

  it('registers kiln: as a privileged scheme and confines it to its folders', async () => {
    expect(recorded.privileged).toContainEqual(
      expect.objectContaining({
        scheme: 'kiln',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    );
    expect(recorded.protocolHandlers.has('kiln')).toBe(true);
    const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-protocol-'));
    const folders = { renderer: path.join(root, 'renderer'), cache: path.join(root, 'cache') };
    await mkdir(folders.renderer);
    await mkdir(folders.cache);
    await writeFile(path.join(folders.renderer, 'index.html'), '<title>Kiln</title>');
    await writeFile(path.join(root, 'secret.txt'), 'not for the page');
    const hash = 'a'.repeat(64);
    await writeFile(path.join(folders.cache, `${hash}.glb`), 'glb');
    await writeFile(path.join(folders.cache, 'jobs.json'), '{}');
    // A link inside a served folder that points out of it serves nothing.
    await symlink(path.join(root, 'secret.txt'), path.join(folders.cache, `${'b'.repeat(64)}.glb`));
    await symlink(path.join(root, 'secret.txt'), path.join(folders.renderer, 'linked.js'));
    const read = async (url: string) => {
      const file = await openKilnUrl(url, folders);
      if (!file) return undefined;
      return new Response(Readable.toWeb(file.stream()) as ReadableStream).text();
    };
    expect(await read('kiln://app/index.html')).toBe('<title>Kiln</title>');
    expect(await read('kiln://app/')).toBe('<title>Kiln</title>');
    for (const url of [
      'kiln://app/%2e%2e/%2e%2e/secret.txt',
      'kiln://app/..%5c..%5csecret.txt',
      'kiln://app/linked.js',
      `kiln://models/${'b'.repeat(64)}.glb`,
      'kiln://models/..%2fsecret.txt',
      'kiln://models/jobs.json',
      'kiln://models/%E0%A4%A',
      'kiln://elsewhere/x',
    ]) {
      expect(await read(url), url).toBeUndefined();
    }
    expect(await read(`kiln://models/${hash}.glb`)).toBe('glb');
    // The handler answers a refused URL with 404 and a served one with the app's CSP.
    const handler = recorded.protocolHandlers.get('kiln')!;
    expect((await handler(new Request('kiln://app/linked.js'))).status).toBe(404);
  });
});

type MenuItem = {
  label?: string;
  role?: string;
  enabled?: boolean;
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItem[];
};
const fileMenu = () =>
  (recorded.menu as { template: MenuItem[] }).template.find((m) => m.label === '&File')!.submenu!;
const item = (items: MenuItem[], label: string) => items.find((i) => i.label === label)!;
const recentItems = () =>
  item(fileMenu(), 'Open &Recent')
    .submenu!.filter((i) => i.label && i.label !== '&Clear Recent')
    .map((i) => i.label);
/** Events pushed to the page, by name. */
const pushed = (name: string) =>
  recorded.sent.filter((m) => m[0] === EVENT_CHANNEL && m[1] === name).map((m) => m[2]);
const take = async () => {
  const result = (await recorded.handlers.get('app:takeOpenRequests')!(trusted(), undefined)) as {
    ok: boolean;
    value: Array<{ kind: string; model?: { name: string }; modelId?: string }>;
  };
  return result.value;
};
const job = (patch: Partial<JobView> & Pick<JobView, 'id' | 'state'>): JobView => ({
  kind: 'photo',
  source: 'coffee.png',
  createdAt: Date.now(),
  canCancel: false,
  canRetry: false,
  ...patch,
});

async function modelFile(name: string): Promise<string> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const position = doc
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setBuffer(buffer);
  const mesh = doc
    .createMesh()
    .addPrimitive(doc.createPrimitive().setAttribute('POSITION', position));
  doc.createScene().addChild(doc.createNode().setMesh(mesh));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-open-'));
  const file = path.join(dir, name);
  await writeFile(file, await new NodeIO().writeBinary(doc));
  return file;
}

describe('desktop integration wiring', () => {
  it('shows running jobs on the taskbar and notifies finished ones in the background', async () => {
    expect(recorded.progress.at(-1)).toBe(-1);
    kiln.emit('jobs.updated', job({ id: 'j1', state: 'processing', progress: 40 }));
    kiln.emit('jobs.updated', job({ id: 'j2', state: 'queued' }));
    expect(recorded.progress.at(-1)).toBe(0.2);
    // Still sent to the page as before.
    expect(pushed('jobs.updated')).toHaveLength(2);

    // Finished while Kiln is focused: no notice.
    recorded.focused = true;
    kiln.emit(
      'jobs.updated',
      job({ id: 'j2', state: 'done', modelId: 'm-2', finishedAt: Date.now() }),
    );
    // In the background: one notice for the two that finish together.
    recorded.focused = false;
    kiln.emit(
      'jobs.updated',
      job({ id: 'j1', state: 'done', modelId: 'm-1', finishedAt: Date.now() }),
    );
    kiln.emit('jobs.updated', job({ id: 'j3', state: 'failed', finishedAt: Date.now() }));
    expect(recorded.progress.at(-1)).toBe(-1);
    await vi.waitFor(() => expect(recorded.notifications).toHaveLength(1), { timeout: 5000 });
    const [note] = recorded.notifications;
    expect(note!.shown).toBe(true);
    expect(note!.options).toMatchObject({
      title: '2 jobs finished',
      body: expect.stringMatching(/1 ready, 1 failed/),
    });

    // Clicking it asks the page to open the model.
    const before = pushed('app.openModel').length;
    note!.click();
    expect(pushed('app.openModel').length).toBe(before + 1);
    expect(await take()).toEqual([{ kind: 'library', modelId: 'm-1' }]);
    recorded.focused = true;
  });

  it('drags a result out only by reference, for the app page, from the cache', async () => {
    const drag = recorded.messageListeners.get(DRAG_CHANNEL)!;
    const file = await modelFile('drag.glb');
    const opened = await kiln.services.desktop.open(file);
    await take();
    if (opened.kind !== 'local') throw new Error(`expected a model, got ${JSON.stringify(opened)}`);
    const ref = { modelId: opened.model.modelId };
    // The page's handle asks first (files:dragSource), so the drag start needs no disk access.
    const answer = await recorded.handlers.get('files:dragSource')!(trusted(), ref);
    expect(answer).toMatchObject({
      ok: true,
      value: { name: 'drag.glb', mime: 'model/gltf-binary' },
    });
    const sender = {
      startDrag: (item: { file: string; icon: unknown }) => recorded.drags.push(item),
    };
    const foreign = { url: 'https://evil.example/' };
    drag({ senderFrame: foreign, sender: { ...sender, mainFrame: foreign } }, ref);
    drag(
      { senderFrame: appFrame, sender: { ...sender, mainFrame: appFrame } },
      { path: '/etc/passwd' },
    );
    expect(recorded.drags).toEqual([]);
    drag({ senderFrame: appFrame, sender: { ...sender, mainFrame: appFrame } }, ref);
    expect(recorded.drags).toHaveLength(1);
    const userData = path.dirname(path.dirname(path.dirname(recorded.drags[0]!.file)));
    expect(recorded.drags[0]!.file).toMatch(/[\\/]cache[\\/]models[\\/][a-f0-9]{64}\.glb$/);
    expect(path.relative(userData, recorded.drags[0]!.file).startsWith('..')).toBe(false);
    expect(recorded.drags[0]!.icon).toMatchObject({
      dataUrl: expect.stringMatching(/^data:image\/png;base64,/),
    });

    // Show in folder reveals the same file with the OS file manager.
    await expect(
      recorded.handlers.get('files:showInFolder')!(trusted(), ref),
    ).resolves.toMatchObject({
      ok: true,
      value: { shown: true },
    });
    expect(recorded.shownInFolder).toEqual([recorded.drags[0]!.file]);
  });

  it('opens model files from a second launch, macOS open-file and File → Open, and lists them as recent', async () => {
    const first = await modelFile('first.glb');
    const [secondInstance] = recorded.appListeners.get('second-instance')!;
    secondInstance!({}, ['/opt/Kiln/kiln', '--flag', first], path.dirname(first));
    await vi.waitFor(async () => expect(recentItems()).toContain(first));
    expect(await take()).toEqual([
      expect.objectContaining({ kind: 'local', model: expect.objectContaining({ name: 'first' }) }),
    ]);
    expect(recorded.recentDocuments).toContain(first);

    const second = await modelFile('second.glb');
    const [openFile] = recorded.appListeners.get('open-file')!;
    const event = { preventDefault: vi.fn() };
    openFile!(event, second);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(recentItems()[0]).toBe(second));

    const third = await modelFile('third.glb');
    const open = item(fileMenu(), '&Open…');
    expect(open.accelerator).toBe('CmdOrCtrl+O');
    recorded.openDialogAnswer = { canceled: false, filePaths: [third] };
    open.click!();
    await vi.waitFor(() => expect(recentItems()[0]).toBe(third));
    // Electron 43+ would open the dialog in Downloads: it starts where the last model came from.
    expect(recorded.openDialogs.at(-1)).toMatchObject({
      title: 'Open a model',
      defaultPath: path.dirname(second),
    });
    const requests = await take();
    expect(requests.map((r) => r.model?.name)).toEqual(['second', 'third']);

    // A file that is not a model: the page is told why, and it stays off the recent list.
    const bad = path.join(path.dirname(third), 'notes.glb');
    await writeFile(bad, 'hello');
    item(fileMenu(), 'Open &Recent').submenu!.find((i) => i.label === third)!.click!();
    recorded.appListeners.get('open-file')![0]!({ preventDefault: () => {} }, bad);
    await vi.waitFor(async () => expect(pushed('app.openModel').length).toBeGreaterThan(0));
    await vi.waitFor(async () => {
      const last = await take();
      expect(last.at(-1)).toMatchObject({ kind: 'error' });
    });
    expect(recentItems()).not.toContain(bad);

    // Clear Recent empties the in-app list and the OS one.
    item(item(fileMenu(), 'Open &Recent').submenu!, '&Clear Recent').click!();
    await vi.waitFor(() => expect(recentItems()).toEqual(['No recent files']));
    expect(recorded.recentDocuments).toEqual([]);
    expect(item(item(fileMenu(), 'Open &Recent').submenu!, '&Clear Recent').enabled).toBe(false);
  });
});

const helpMenu = () =>
  (recorded.menu as { template: MenuItem[] }).template.find((m) => m.label === '&Help')!.submenu!;
const call = async <T>(channel: string, input?: unknown) =>
  (
    (await recorded.handlers.get(channel)!(trusted(), input)) as {
      ok: boolean;
      value: T;
    }
  ).value;

describe('shipping wiring', () => {
  it('keeps crash dumps on this computer', () => {
    expect(recorded.crashReporter).toMatchObject({ uploadToServer: false });
  });

  it('wires electron-updater to the core: menu check, progress to the page, install on quit or now', async () => {
    expect(autoUpdater.autoDownload).toBe(false);
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
    expect(await call('updates:get')).toMatchObject({ state: 'idle', current: '0.0.0-test' });

    // Help → Check for Updates… with nothing newer: the dialog says so.
    item(helpMenu(), 'Check for &Updates…').click!();
    await vi.waitFor(() =>
      expect(recorded.messageBoxes.at(-1)).toMatchObject({ message: 'Kiln is up to date' }),
    );
    expect(autoUpdater.downloads).toBe(0);

    // A newer version: downloaded in the background, its progress pushed to the page.
    autoUpdater.feedVersion = '9.9.9';
    item(helpMenu(), 'Check for &Updates…').click!();
    await vi.waitFor(() =>
      expect(pushed('updates.updated').at(-1)).toMatchObject({ state: 'ready', version: '9.9.9' }),
    );
    expect(pushed('updates.updated')).toContainEqual(
      expect.objectContaining({ state: 'downloading', percent: 50 }),
    );
    expect(pushed('updates.updated').at(-1)).toMatchObject({
      notes: 'Faster previews.',
      install: 'quit',
    });
    expect(autoUpdater.autoInstallOnAppQuit).toBe(true);

    // Restart now: no paid call is being sent, so it installs and starts Kiln again.
    await expect(call('updates:install', { when: 'now' })).resolves.toMatchObject({
      install: 'now',
    });
    expect(autoUpdater.installs).toEqual([[false, true]]);
  });

  it('Edit → Preferences… asks the page for the settings', () => {
    const edit = (recorded.menu as { template: MenuItem[] }).template.find(
      (m) => m.label === '&Edit',
    )!.submenu!;
    const before = pushed('app.openSettings').length;
    item(edit, '&Preferences…').click!();
    expect(pushed('app.openSettings')).toHaveLength(before + 1);
  });

  it('View → a command of the page asks the page to run it', () => {
    const view = (recorded.menu as { template: MenuItem[] }).template.find(
      (m) => m.label === '&View',
    )!.submenu!;
    const before = pushed('app.command').length;
    item(view, 'Library workspace').click!();
    expect(pushed('app.command').slice(before)).toEqual([{ id: 'panels.workspace' }]);
  });

  it('follows the Appearance setting with nativeTheme, at start and when it is saved', async () => {
    expect(fakeElectron.nativeTheme.themeSource).toBe('system');
    const set = recorded.handlers.get('settings:set')!;
    await expect(set(trusted(), { theme: 'light' })).resolves.toMatchObject({ ok: true });
    expect(fakeElectron.nativeTheme.themeSource).toBe('light');
    await expect(set(trusted(), { theme: 'system' })).resolves.toMatchObject({ ok: true });
    expect(fakeElectron.nativeTheme.themeSource).toBe('system');
    // The window opened in the OS's colour, not always the dark one.
    expect(recorded.windows[0]!.options['backgroundColor']).toBe('#121418');
  });

  it('speaks the Language setting, else the OS’s, in the menu, dialogs and notifications', async () => {
    // The page follows the OS's languages too: they come over app:info.
    expect(await call('app:info')).toMatchObject({ systemLanguages: ['en-GB', 'de-DE'] });
    const set = recorded.handlers.get('settings:set')!;
    const menuLabels = () =>
      (recorded.menu as { template: MenuItem[] }).template.map((m) => m.label);
    expect(menuLabels()).toContain('&File');
    // A new Language setting rebuilds the menu at once, no restart.
    await expect(set(trusted(), { language: 'de' })).resolves.toMatchObject({ ok: true });
    expect(menuLabels()).toEqual(expect.arrayContaining(['&Datei', '&Bearbeiten', '&Hilfe']));
    recorded.openDialogAnswer = { canceled: true, filePaths: [] };
    expect(await call('files:chooseFolder')).toEqual({});
    const onContextMenu = recorded.windows[0]!.webContents.listeners.get('context-menu')!;
    const editFlags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
    onContextMenu({}, { isEditable: true, selectionText: '', editFlags });
    expect(recorded.popups.at(-1)).toContainEqual({
      role: 'paste',
      label: 'Einfügen',
      enabled: true,
    });
    expect(recorded.openDialogs.at(-1)).toMatchObject({ title: 'Ergebnisse speichern in' });
    await expect(set(trusted(), { language: 'fr' })).resolves.toMatchObject({ ok: true });
    const notices = recorded.notifications.length;
    recorded.focused = false;
    kiln.emit('jobs.updated', job({ id: 'lang-1', state: 'queued' }));
    kiln.emit(
      'jobs.updated',
      job({ id: 'lang-1', state: 'done', modelId: 'm-lang', finishedAt: Date.now() }),
    );
    await vi.waitFor(() => expect(recorded.notifications).toHaveLength(notices + 1), {
      timeout: 5000,
    });
    expect(recorded.notifications.at(-1)!.options).toMatchObject({
      title: 'Prêt : coffee.png',
      body: 'Cliquez pour ouvrir le modèle dans Kiln.',
    });
    recorded.focused = true;
    // "Follow the system": the OS's first shipped language again (en-GB).
    await expect(set(trusted(), { language: 'system' })).resolves.toMatchObject({ ok: true });
    expect(menuLabels()).toContain('&File');
  });

  it('shows Cut, Copy, Paste and Select All on a right-click in a text field', () => {
    const onContextMenu = recorded.windows[0]!.webContents.listeners.get('context-menu')!;
    const editFlags = { canCut: false, canCopy: false, canPaste: true, canSelectAll: true };
    onContextMenu({}, { isEditable: true, selectionText: '', editFlags });
    expect(recorded.popups.at(-1)).toEqual([
      { role: 'cut', label: 'Cut', enabled: false },
      { role: 'copy', label: 'Copy', enabled: false },
      { role: 'paste', label: 'Paste', enabled: true },
      { type: 'separator' },
      { role: 'selectAll', label: 'Select All', enabled: true },
    ]);
    const before = recorded.popups.length;
    onContextMenu({}, { isEditable: false, selectionText: '', editFlags });
    expect(recorded.popups.length).toBe(before);
    onContextMenu({}, { isEditable: false, selectionText: 'coffee', editFlags });
    expect(recorded.popups.at(-1)).toEqual([{ role: 'copy', label: 'Copy', enabled: false }]);
  });

  it('opens the results-folder dialog in the current results folder', async () => {
    recorded.openDialogAnswer = { canceled: true, filePaths: [] };
    const { exportDir } = await call<{ exportDir: string }>('settings:get');
    expect(await call('files:chooseFolder')).toEqual({});
    expect(recorded.openDialogs.at(-1)).toMatchObject({
      title: 'Save results in',
      defaultPath: exportDir,
    });
  });

  it('opens the logs folder and copies diagnostics without secrets', async () => {
    item(helpMenu(), 'Open &Logs Folder').click!();
    expect(recorded.openedPaths).toHaveLength(1);
    item(helpMenu(), '&Copy Diagnostics').click!();
    await vi.waitFor(() => expect(recorded.clipboard).toBeDefined());
    expect(recorded.clipboard).toMatch(/^Kiln 0\.0\.0-test\n/);
    expect(recorded.clipboard).toContain('GPU: ANGLE (Stand-in GPU)');
    expect(recorded.clipboard).toContain('Mode: sandbox');
    expect(recorded.clipboard).toContain(`logs: ${recorded.openedPaths[0]}`);
    expect(recorded.clipboard).toMatch(/requestBudget: 55/);
    expect(recorded.messageBoxes.at(-1)).toMatchObject({ message: 'Diagnostics copied' });
  });

  it('reloads a crashed or hung page with a notice the page takes once', async () => {
    const window = recorded.windows[0]!;
    const reloads = recorded.reloads;
    window.webContents.listeners.get('render-process-gone')!(
      {},
      { reason: 'crashed', exitCode: 1 },
    );
    expect(recorded.reloads).toBe(reloads + 1);
    expect(pushed('app.notice').at(-1)).toEqual({ pending: 1 });
    expect(await call('app:takeNotices')).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(/stopped unexpectedly and was reloaded.*jobs carried on/),
      }),
    ]);
    expect(await call('app:takeNotices')).toEqual([]);

    // A page that stops responding and stays so is ended, then reloaded like a crash.
    vi.useFakeTimers();
    try {
      window.listeners.get('unresponsive')!();
      window.listeners.get('responsive')!();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(recorded.crashedRenderers).toBe(0);
      window.listeners.get('unresponsive')!();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(recorded.crashedRenderers).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    window.webContents.listeners.get('render-process-gone')!({}, { reason: 'killed', exitCode: 0 });
    expect(recorded.reloads).toBe(reloads + 2);
    expect(await call('app:takeNotices')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/stopped responding/) }),
    ]);
  });
});

describe('a key moved to another service address', () => {
  type Answer = { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  const call = async (channel: string, input?: unknown) =>
    (await recorded.handlers.get(channel)!(trusted(), input)) as Answer;

  it('is confirmed in the main process’s native dialog, and the page’s platform never opens', async () => {
    const KEY = 'sk-live-main-test-0001';
    const boxesBefore = recorded.messageBoxes.length;
    const added = (await call('keys:set', { key: KEY, name: 'Studio' })) as Answer & {
      value: { activeId: string };
    };
    expect(added.ok).toBe(true);
    const id = added.value.activeId;
    expect(await call('app:openExternal', { url: 'https://platform.invalid/keys' })).toEqual({
      ok: true,
      value: true,
    });
    // The page moves the service and the platform: the key stays behind, and so do its pages.
    expect(
      await call('settings:set', {
        baseUrl: 'https://b.invalid',
        platformUrl: 'https://evil.invalid',
      }),
    ).toMatchObject({ ok: true });
    for (const url of ['https://evil.invalid/top-up', 'https://platform.invalid/keys']) {
      expect(await call('app:openExternal', { url }), url).toMatchObject({
        ok: false,
        error: { code: 'not_platform' },
      });
    }
    expect(await call('keys:test', { id })).toMatchObject({
      value: { ok: false, code: 'key_not_for_origin' },
    });
    // The user declines in the native dialog: nothing moves.
    recorded.messageBoxAnswer = 0;
    expect(await call('keys:confirmOrigin', { id })).toMatchObject({
      ok: false,
      error: { code: 'not_confirmed' },
    });
    expect(recorded.messageBoxes.at(-1)).toMatchObject({
      message: 'Use “Studio” with https://b.invalid?',
      detail: expect.stringContaining('added for https://api.invalid'),
      cancelId: 0,
      defaultId: 0,
    });
    expect(JSON.stringify(recorded.messageBoxes)).not.toContain(KEY);
    // They confirm: the key and the platform shown with it belong to the new address now.
    recorded.messageBoxAnswer = 1;
    expect(await call('keys:confirmOrigin', { id })).toMatchObject({
      ok: true,
      value: { origin: 'https://b.invalid', keys: [{ id, origin: 'https://b.invalid' }] },
    });
    expect(await call('app:openExternal', { url: 'https://evil.invalid/top-up' })).toEqual({
      ok: true,
      value: true,
    });
    expect(recorded.messageBoxes).toHaveLength(boxesBefore + 2);
    expect(await call('keys:remove', { id })).toMatchObject({ ok: true });
    await call('settings:set', {
      baseUrl: 'https://api.invalid',
      platformUrl: 'https://platform.invalid',
    });
  });
});

// Last: quitting closes the core for good.
describe('quitting', () => {
  it('holds the quit until the core has closed (downloads stopped and awaited), then quits again', async () => {
    const [onWillQuit] = recorded.appListeners.get('will-quit')!;
    const quitsBefore = recorded.quits;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const original = kiln.services.close.bind(kiln.services);
    let closed = false;
    const close = vi.spyOn(kiln.services, 'close').mockImplementation(async () => {
      await held;
      await original();
      closed = true;
    });

    const first = { preventDefault: vi.fn() };
    onWillQuit!(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    // A second quit (Cmd+Q pressed again) while the core closes is held too, and closes nothing twice.
    const again = { preventDefault: vi.fn() };
    onWillQuit!(again);
    expect(again.preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recorded.quits, 'no quit before the core has closed').toBe(quitsBefore);

    finish();
    await vi.waitFor(() => expect(recorded.quits).toBe(quitsBefore + 1));
    expect(closed).toBe(true);
    // The quit that follows goes through.
    const last = { preventDefault: vi.fn() };
    onWillQuit!(last);
    expect(last.preventDefault).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
