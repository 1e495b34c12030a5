/**
 * The desktop shell's pure parts: the native menu per platform (with File → Open and Open
 * Recent), the external-link allow-list, the on-screen check of remembered window bounds, the
 * queue of files opened before Kiln is ready, and the dock badge on macOS.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { recorded } from '../testing/fake-electron';
import { testLanguage } from '../core/testing/main-language';

vi.mock('electron', async () => (await import('../testing/fake-electron')).fakeElectron);
const { menuTemplate } = await import('./app-menu');
const { isAllowedExternalUrl, openExternalSafely } = await import('./external-links');
const { isVisibleOn } = await import('./window-state');
const { FileOpening } = await import('./file-opening');
const { createJobDesktop } = await import('./job-desktop');
const { FakeBrowserWindow } = await import('../testing/fake-electron');

const { say } = testLanguage();

/** A menu item as the tests read it. */
type Item = {
  label?: string;
  role?: string;
  accelerator?: string;
  registerAccelerator?: boolean;
  click?: () => void;
  submenu?: Item[];
};
const labels = (items: Array<{ label?: string; role?: string; type?: string }>) =>
  items.map((i) => i.label ?? i.role ?? i.type);
const roles = (item: unknown) =>
  ((item as { submenu: Array<{ role?: string }> }).submenu ?? [])
    .map((i) => i.role)
    .filter(Boolean);

describe('native menu', () => {
  it('follows macOS conventions: app menu with About and Quit, no Quit under File', () => {
    const menu = menuTemplate({ platform: 'darwin', appName: 'Kiln', say, dev: false });
    expect(labels(menu)).toEqual(['Kiln', '&File', '&Edit', '&View', '&Window', '&Help']);
    expect(roles(menu[0])).toEqual(expect.arrayContaining(['about', 'hide', 'quit']));
    expect(roles(menu[1])).not.toContain('quit');
  });

  it('follows Windows/Linux conventions: Quit under File, no app menu', () => {
    const menu = menuTemplate({ platform: 'win32', appName: 'Kiln', say, dev: false });
    expect(labels(menu)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    expect(roles(menu[0])).toContain('quit');
  });

  it('carries the page’s commands in their menus with their shortcuts, and About on every OS', () => {
    const command = vi.fn();
    const win = menuTemplate({
      platform: 'linux',
      appName: 'Kiln',
      say,
      dev: false,
      command,
    }) as Item[];
    const menu = (label: string) => win.find((m) => m.label === label)!.submenu!;
    const fit = menu('&View').find((i) => i.label === 'Fit the model to the view')!;
    // Shown, but the key stays the page's: F typed in a text field is a letter.
    expect(fit).toMatchObject({ accelerator: 'F', registerAccelerator: false });
    fit.click!();
    expect(command).toHaveBeenLastCalledWith('view.fit');
    const palette = menu('&Help').find((i) => i.label === 'Show all commands')!;
    expect(palette).toMatchObject({ accelerator: 'CmdOrCtrl+K', registerAccelerator: false });
    expect(menu('&Help').map((i) => i.role)).toContain('about');
    expect(menu('&Window').map((i) => i.label)).toContain('API keys');
    // Settings is Preferences…, once.
    expect(win.flatMap((m) => m.submenu ?? []).map((i) => i.label)).not.toContain('Settings…');
    const mac = menuTemplate({ platform: 'darwin', appName: 'Kiln', say, dev: false, command });
    const macView = (mac.find((m) => m.label === '&View') as Item).submenu!;
    expect(macView.find((i) => i.label === 'Fit the model to the view')).not.toHaveProperty(
      'accelerator',
    );
  });

  it('makes Edit → Undo and Redo the page’s, their keys registered, once, in place of the roles', () => {
    const command = vi.fn();
    for (const platform of ['darwin', 'linux'] as const) {
      const menu = menuTemplate({ platform, appName: 'Kiln', say, dev: false, command }) as Item[];
      const edit = menu.find((m) => m.label === '&Edit')!.submenu!;
      expect(edit[0]).toMatchObject({ label: 'Undo', accelerator: 'CmdOrCtrl+Z' });
      expect(edit[1]).toMatchObject({ label: 'Redo', accelerator: 'CmdOrCtrl+Shift+Z' });
      for (const [item, id] of [
        [edit[0]!, 'edit.undo'],
        [edit[1]!, 'edit.redo'],
      ] as const) {
        // Registered: a key the page leaves unhandled (a text field's, on macOS) reaches it.
        expect(item).not.toHaveProperty('registerAccelerator');
        expect(
          menu.flatMap((m) => m.submenu ?? []).filter((i) => i.label === item.label),
        ).toHaveLength(1);
        item.click!();
        expect(command).toHaveBeenLastCalledWith(id);
      }
      expect(edit.map((i) => i.role)).not.toContain('undo');
      expect(edit.map((i) => i.role)).not.toContain('redo');
    }
    // Without the page's commands (no window yet), Electron's own text undo and redo.
    const bare = menuTemplate({ platform: 'linux', appName: 'Kiln', say, dev: false }) as Item[];
    expect(bare[1]!.submenu![0]).toMatchObject({ role: 'undo', label: 'Undo' });
    expect(bare[1]!.submenu![1]).toMatchObject({ role: 'redo', label: 'Redo' });
  });

  it('puts Preferences… (Ctrl/⌘+,) in the app menu on macOS and at the end of Edit elsewhere', () => {
    const preferences = vi.fn();
    const find = (items: Item[]) => items.find((i) => i.label === '&Preferences…');
    const mac = menuTemplate({ platform: 'darwin', appName: 'Kiln', say, dev: false, preferences });
    const macItem = find((mac[0] as Item).submenu!);
    expect(macItem).toMatchObject({ accelerator: 'CmdOrCtrl+,' });
    expect(find((mac[2] as Item).submenu!)).toBeUndefined();
    const win = menuTemplate({ platform: 'win32', appName: 'Kiln', say, dev: false, preferences });
    const edit = (win[1] as Item).submenu!;
    expect(edit.at(-1)).toMatchObject({ label: '&Preferences…', accelerator: 'CmdOrCtrl+,' });
    macItem!.click!();
    edit.at(-1)!.click!();
    expect(preferences).toHaveBeenCalledTimes(2);
  });

  it('puts Check for Updates in the app menu on macOS and in Help elsewhere, beside logs and diagnostics', () => {
    const help = { checkForUpdates: vi.fn(), openLogs: vi.fn(), copyDiagnostics: vi.fn() };
    const mac = menuTemplate({
      platform: 'darwin',
      appName: 'Kiln',
      say,
      dev: false,
      help,
    }) as Item[];
    expect(labels(mac[0]!.submenu!).slice(0, 2)).toEqual(['About Kiln', 'Check for &Updates…']);
    expect(labels(mac.at(-1)!.submenu!)).toEqual(['Open &Logs Folder', '&Copy Diagnostics']);
    const linux = menuTemplate({
      platform: 'linux',
      appName: 'Kiln',
      say,
      dev: false,
      help,
    }) as Item[];
    const items = linux.at(-1)!.submenu!;
    expect(labels(items)).toEqual([
      'Check for &Updates…',
      'separator',
      'Open &Logs Folder',
      '&Copy Diagnostics',
      // About on every OS (issue 31): on macOS it is the app menu's.
      'separator',
      'About Kiln',
    ]);
    for (const i of items) i.click?.();
    expect(help.checkForUpdates).toHaveBeenCalledOnce();
    expect(help.openLogs).toHaveBeenCalledOnce();
    expect(help.copyDiagnostics).toHaveBeenCalledOnce();
  });

  it('speaks German with the same accelerators, roles and commands as in English', () => {
    type Item = MenuItemConstructorOptions & { submenu?: Item[] };
    const run: string[] = [];
    const options = {
      platform: 'win32' as const,
      appName: 'Kiln',
      dev: true,
      files: {
        recent: ['/home/me/cup.glb'],
        open: () => run.push('open'),
        openRecent: (file: string) => run.push(`recent ${file}`),
        clearRecent: () => run.push('clear'),
      },
      help: {
        checkForUpdates: () => run.push('updates'),
        openLogs: () => run.push('logs'),
        copyDiagnostics: () => run.push('diagnostics'),
      },
      preferences: () => run.push('preferences'),
      command: (id: string) => run.push(id),
    };
    const english = menuTemplate({ ...options, say }) as Item[];
    const german = menuTemplate({ ...options, say: testLanguage(['de-DE']).say }) as Item[];
    expect(labels(german)).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    const flat = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);
    // The same items in the same places: roles, accelerators, types, enabled states.
    const shape = (items: Item[]) =>
      flat(items).map(({ role, accelerator, registerAccelerator, type, enabled }) => ({
        role,
        accelerator,
        registerAccelerator,
        type,
        enabled,
      }));
    expect(shape(german)).toEqual(shape(english));
    // Every label is German (a file's path and Kiln's name are names).
    const pairs = flat(english).map((item, i) => [item.label, flat(german)[i]!.label]);
    const kept = pairs.filter(([en, de]) => en !== undefined && en === de).map(([en]) => en);
    expect(kept).toEqual(['/home/me/cup.glb']);
    expect(flat(german).find((i) => i.role === 'quit')?.label).toBe('&Beenden');
    expect(flat(german).find((i) => i.role === 'paste')?.label).toBe('Einfügen');
    // Each item does what its English twin does.
    const click = (items: Item[]) => {
      run.length = 0;
      for (const i of flat(items)) (i.click as (() => void) | undefined)?.();
      return [...run];
    };
    const commands = click(english);
    expect(commands).toContain('view.fit');
    expect(click(german)).toEqual(commands);
  });

  it('drops the “(&F)” mnemonics of Chinese and Japanese labels on macOS', () => {
    const ja = testLanguage(['ja-JP']).say;
    expect(
      labels(menuTemplate({ platform: 'darwin', appName: 'Kiln', say: ja, dev: false })),
    ).toEqual(['Kiln', 'ファイル', '編集', '表示', 'ウィンドウ', 'ヘルプ']);
    expect(
      labels(menuTemplate({ platform: 'win32', appName: 'Kiln', say: ja, dev: false }))[0],
    ).toBe('ファイル(&F)');
    const mac = menuTemplate({ platform: 'darwin', appName: 'Kiln', say: ja, dev: false });
    expect(labels((mac[0] as { submenu: never[] }).submenu).at(-1)).toBe('Kiln を終了');
  });

  it('offers developer tools only in development', () => {
    expect(
      roles(menuTemplate({ platform: 'linux', appName: 'Kiln', say, dev: false })[2]),
    ).not.toContain('toggleDevTools');
    expect(
      roles(menuTemplate({ platform: 'linux', appName: 'Kiln', say, dev: true })[2]),
    ).toContain('toggleDevTools');
  });
});

describe('external links', () => {
  const hosts = ['https://platform.example.com'];
  it('allows only https on allow-listed origins, without credentials', () => {
    expect(isAllowedExternalUrl('https://platform.example.com/top-up', hosts)).toBe(true);
    expect(isAllowedExternalUrl('https://PLATFORM.example.com/keys', hosts)).toBe(true);
    for (const url of [
      'http://platform.example.com/top-up',
      'https://evil.example.com/',
      'https://platform.example.com.evil.test/',
      'https://platform.example.com:8443/',
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

describe('File → Open and Open Recent', () => {
  const opened: string[] = [];
  const files = {
    recent: ['/home/me/cup.glb', '/home/me/scene.gltf'],
    open: () => opened.push('dialog'),
    openRecent: (file: string) => opened.push(file),
    clearRecent: () => opened.push('clear'),
  };

  it('puts Open… and Open Recent first under File on every platform, Quit still last on Windows', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const menu = menuTemplate({ platform, appName: 'Kiln', say, dev: false, files }) as Item[];
      const file = menu.find((m) => m.label === '&File')!.submenu!;
      expect(file.slice(0, 2).map((i) => i.label)).toEqual(['&Open…', 'Open &Recent']);
      expect(file.at(-1)!.role).toBe(platform === 'darwin' ? 'close' : 'quit');
    }
  });

  it('lists the recent files and clears them; an empty list is said so', () => {
    const menu = menuTemplate({
      platform: 'linux',
      appName: 'Kiln',
      say,
      dev: false,
      files,
    }) as Item[];
    const recent = menu[0]!.submenu!.find((i) => i.label === 'Open &Recent')!.submenu!;
    expect(recent.map((i) => i.label ?? i.role)).toEqual([
      '/home/me/cup.glb',
      '/home/me/scene.gltf',
      undefined,
      '&Clear Recent',
    ]);
    recent[1]!.click!();
    recent.at(-1)!.click!();
    menu[0]!.submenu![0]!.click!();
    expect(opened).toEqual(['/home/me/scene.gltf', 'clear', 'dialog']);
    const empty = menuTemplate({
      platform: 'linux',
      appName: 'Kiln',
      say,
      dev: false,
      files: { ...files, recent: [] },
    }) as Item[];
    const none = empty[0]!.submenu!.find((i) => i.label === 'Open &Recent')!.submenu!;
    expect(none[0]).toMatchObject({ label: 'No recent files', enabled: false });
    expect(none.at(-1)).toMatchObject({ label: '&Clear Recent', enabled: false });
  });
});

describe('files opened before Kiln is ready', () => {
  it('wait, then open one at a time in order; a failure does not stop the rest', async () => {
    const opening = new FileOpening();
    opening.request('/a.glb', '/b.glb');
    const done: string[] = [];
    let running = 0;
    const ready = opening.ready(async (file) => {
      running++;
      expect(running).toBe(1);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (file === '/a.glb') throw new Error('broken');
      done.push(file);
    });
    opening.request('/c.glb');
    await ready;
    await vi.waitFor(() => expect(done).toEqual(['/b.glb', '/c.glb']));
  });
});

describe('dock badge', () => {
  it('counts running jobs on macOS only, and paints the bar only when it changes', () => {
    const start = (platform: NodeJS.Platform) => {
      recorded.badge.length = 0;
      recorded.progress.length = 0;
      const window = new FakeBrowserWindow({});
      const running = {
        kind: 'photo',
        source: 'a',
        createdAt: 0,
        canCancel: false,
        canRetry: false,
      } as const;
      const desk = createJobDesktop({
        window: window as never,
        clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} },
        platform,
        initial: [{ ...running, id: 'a', state: 'processing', progress: 10 }],
        open: () => {},
        say,
      });
      desk.observe({ ...running, id: 'b', state: 'queued' });
      desk.observe({
        ...running,
        id: 'b',
        state: 'queued',
        note: { id: 'job.note.test', message: 'Still queued' },
      });
      desk.observe({ ...running, id: 'a', state: 'done' });
      desk.observe({ ...running, id: 'b', state: 'done' });
      return { badge: [...recorded.badge], progress: [...recorded.progress] };
    };
    expect(start('darwin')).toEqual({ badge: [1, 2, 1, 0], progress: [0.1, 0.05, 2, -1] });
    expect(start('linux').badge).toEqual([]);
  });
});
