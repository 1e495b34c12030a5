/**
 * A stand-in for the `electron` module: records what the main process and preload do with it,
 * so their wiring is tested in plain Node (the Electron binary cannot be installed here).
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';

type Listener = (...args: unknown[]) => void;

/** What the code under test did with Electron. */
export const recorded = {
  handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
  windows: [] as FakeBrowserWindow[],
  privileged: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  exposed: new Map<string, Record<string, unknown>>(),
  invoked: [] as Array<{ channel: string; input: unknown }>,
  rendererListeners: new Map<string, Listener[]>(),
  permissionHandler: undefined as
    undefined | ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void),
  permissionCheck: undefined as undefined | (() => boolean),
  sandboxEnabled: false,
  singleInstanceRequested: false,
  appListeners: new Map<string, Listener[]>(),
  menu: undefined as unknown,
  openedExternally: [] as string[],
  sent: [] as unknown[][],
  /** Fire-and-forget listeners (`ipcMain.on`). */
  messageListeners: new Map<string, Listener>(),
  notifications: [] as FakeNotification[],
  progress: [] as number[],
  badge: [] as number[],
  recentDocuments: [] as string[],
  shownInFolder: [] as string[],
  drags: [] as Array<{ file: string; icon: unknown }>,
  /** The options of each `dialog.showOpenDialog` shown. */
  openDialogs: [] as Array<Record<string, unknown>>,
  /** What the next `dialog.showOpenDialog` answers. */
  openDialogAnswer: { canceled: true, filePaths: [] as string[] },
  /** The button index the next message box answers (the boxes shown: `messageBoxes`). */
  messageBoxAnswer: 0,
  focused: true,
  crashReporter: undefined as undefined | Record<string, unknown>,
  clipboard: undefined as string | undefined,
  messageBoxes: [] as Array<Record<string, unknown>>,
  errorBoxes: [] as Array<{ title: string; content: string }>,
  openedPaths: [] as string[],
  reloads: 0,
  crashedRenderers: 0,
  /** Calls of `app.quit()`. */
  quits: 0,
  /** Menus popped up (the right-click menus), by their template. */
  popups: [] as unknown[][],
  /** The OS's preferred languages (`app.getPreferredSystemLanguages()`), most wanted first. */
  systemLanguages: ['en-GB', 'de-DE'] as string[],
};

/** A fake OS notification: records itself and lets the test click it. */
export class FakeNotification {
  readonly listeners = new Map<string, Listener>();
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    recorded.notifications.push(this);
  }
  static isSupported() {
    return true;
  }
  on(name: string, fn: Listener) {
    this.listeners.set(name, fn);
    return this;
  }
  show() {
    this.shown = true;
  }
  /** What the user's click does. */
  click() {
    this.listeners.get('click')?.();
  }
}

const userData = mkdtempSync(path.join(os.tmpdir(), 'kiln-fake-electron-'));

class FakeWebContents {
  readonly listeners = new Map<string, Listener>();
  windowOpenHandler: ((details: unknown) => unknown) | undefined;
  readonly mainFrame = { url: 'kiln://app/index.html' };
  setWindowOpenHandler(fn: (details: unknown) => unknown) {
    this.windowOpenHandler = fn;
  }
  on(name: string, fn: Listener) {
    this.listeners.set(name, fn);
    return this;
  }
  send(...args: unknown[]) {
    recorded.sent.push(args);
  }
  startDrag(item: { file: string; icon: unknown }) {
    recorded.drags.push(item);
  }
  reload() {
    recorded.reloads += 1;
  }
  forcefullyCrashRenderer() {
    recorded.crashedRenderers += 1;
  }
}

/** The fake BrowserWindow. */
export class FakeBrowserWindow {
  readonly webContents = new FakeWebContents();
  /** The window's own listeners (`unresponsive`, `responsive`, …), the last one per event. */
  readonly listeners = new Map<string, Listener>();
  loadedUrl: string | undefined;
  constructor(readonly options: Record<string, unknown>) {
    recorded.windows.push(this);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  once() {
    return this;
  }
  on(name: string, fn: Listener) {
    this.listeners.set(name, fn);
    return this;
  }
  show() {}
  maximize() {}
  restore() {}
  focus() {}
  isFocused() {
    return recorded.focused;
  }
  setProgressBar(value: number) {
    recorded.progress.push(value);
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  getBounds() {
    return { x: 0, y: 0, width: 1440, height: 900 };
  }
  static getAllWindows() {
    return recorded.windows;
  }
  static getFocusedWindow() {
    return recorded.focused ? (recorded.windows[0] ?? null) : null;
  }
}

/** The fake module's exports. */
export const fakeElectron = {
  app: {
    whenReady: () => Promise.resolve(),
    getPath: () => userData,
    getVersion: () => '0.0.0-test',
    getName: () => 'Kiln',
    getLocale: () => 'en-GB',
    getPreferredSystemLanguages: () => [...recorded.systemLanguages],
    getGPUInfo: async () => ({ auxAttributes: { glRenderer: 'ANGLE (Stand-in GPU)' } }),
    isPackaged: false,
    enableSandbox: () => {
      recorded.sandboxEnabled = true;
    },
    requestSingleInstanceLock: () => {
      recorded.singleInstanceRequested = true;
      return true;
    },
    on: (name: string, fn: Listener) => {
      recorded.appListeners.set(name, [...(recorded.appListeners.get(name) ?? []), fn]);
    },
    quit: () => {
      recorded.quits += 1;
    },
    exit: () => {},
    setBadgeCount: (n: number) => recorded.badge.push(n),
    addRecentDocument: (file: string) => recorded.recentDocuments.push(file),
    clearRecentDocuments: () => {
      recorded.recentDocuments.length = 0;
    },
  },
  Notification: FakeNotification,
  dialog: {
    showOpenDialog: async (...args: unknown[]) => {
      recorded.openDialogs.push(args.at(-1) as Record<string, unknown>);
      return recorded.openDialogAnswer;
    },
    showMessageBox: async (...args: unknown[]) => {
      recorded.messageBoxes.push(args.at(-1) as Record<string, unknown>);
      return { response: recorded.messageBoxAnswer, checkboxChecked: false };
    },
    showErrorBox: (title: string, content: string) => recorded.errorBoxes.push({ title, content }),
  },
  crashReporter: {
    start: (options: Electron.CrashReporterStartOptions) => {
      recorded.crashReporter = { ...options };
    },
  } satisfies Pick<Electron.CrashReporter, 'start'>,
  // Electron 44 made the clipboard asynchronous, like `navigator.clipboard`.
  clipboard: {
    writeText: async (text: string) => {
      recorded.clipboard = text;
    },
  } satisfies Pick<Electron.Clipboard, 'writeText'>,
  nativeImage: {
    createFromDataURL: (url: string) => ({ dataUrl: url, isEmpty: () => !url }),
  },
  BrowserWindow: FakeBrowserWindow,
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, input: unknown) => unknown) => {
      recorded.handlers.set(channel, fn);
    },
    on: (channel: string, fn: Listener) => {
      recorded.messageListeners.set(channel, fn);
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: Electron.CustomScheme[]) => {
      recorded.privileged.push(...schemes);
    },
    handle: (scheme: string, fn: (request: Request) => Promise<Response>) => {
      recorded.protocolHandlers.set(scheme, fn);
    },
  } satisfies Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'>,
  net: { fetch: (url: string) => fetch(url) },
  Menu: {
    buildFromTemplate: (template: unknown[]) => ({
      template,
      popup: () => recorded.popups.push(template),
    }),
    setApplicationMenu: (menu: unknown) => {
      recorded.menu = menu;
    },
  },
  nativeTheme: { themeSource: 'system' as 'system' | 'light' | 'dark', shouldUseDarkColors: true },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  shell: {
    openExternal: async (url: string) => {
      recorded.openedExternally.push(url);
    },
    showItemInFolder: (file: string) => {
      recorded.shownInFolder.push(file);
    },
    openPath: async (folder: string) => {
      recorded.openedPaths.push(folder);
      return '';
    },
  } satisfies Pick<Electron.Shell, 'openExternal' | 'showItemInFolder' | 'openPath'>,
  session: {
    defaultSession: {
      setPermissionRequestHandler: (fn: typeof recorded.permissionHandler) => {
        recorded.permissionHandler = fn;
      },
      setPermissionCheckHandler: (fn: () => boolean) => {
        recorded.permissionCheck = fn;
      },
    },
  },
  contextBridge: {
    exposeInMainWorld: (name: string, api: Record<string, unknown>) =>
      recorded.exposed.set(name, api),
  },
  ipcRenderer: {
    send: (channel: string, input: unknown) => {
      recorded.invoked.push({ channel, input });
    },
    invoke: (channel: string, input: unknown) => {
      recorded.invoked.push({ channel, input });
      return Promise.resolve({ ok: true, value: null });
    },
    on: (channel: string, fn: Listener) => {
      recorded.rendererListeners.set(channel, [
        ...(recorded.rendererListeners.get(channel) ?? []),
        fn,
      ]);
    },
    removeListener: (channel: string, fn: Listener) => {
      recorded.rendererListeners.set(
        channel,
        (recorded.rendererListeners.get(channel) ?? []).filter((l) => l !== fn),
      );
    },
  },
  webUtils: {
    // A test's stand-in File may carry the path the OS would answer for it.
    getPathForFile: (file: File) => (file as File & { path?: string }).path ?? '/picked/photo.png',
  } satisfies Electron.WebUtils,
};
