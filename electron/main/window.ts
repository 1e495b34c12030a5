/**
 * The main window, locked down: isolated, sandboxed, no Node in the page, no webviews, no
 * navigation away from the app, no new windows, no middle-click windows.
 */
import { BrowserWindow } from 'electron';
import type { Say } from '../core/i18n/main-language';
import { installEditContextMenu } from './context-menu';
import { windowBackground } from './theme';

/** Creates the main window and denies navigation and pop-ups. */
export function createMainWindow(
  options: Readonly<{
    preload: string;
    url: string;
    appOrigin: string;
    bounds?: Readonly<{ x?: number; y?: number; width: number; height: number }>;
    /** The words of the window's native right-click menu, in the user's language. */
    say: Say;
  }>,
): BrowserWindow {
  // The preferences are written out here (not built by a helper) so that static checks such as
  // electronegativity see every one of them.
  const window = new BrowserWindow({
    width: options.bounds?.width ?? 1440,
    height: options.bounds?.height ?? 900,
    ...(options.bounds?.x !== undefined && options.bounds.y !== undefined
      ? { x: options.bounds.x, y: options.bounds.y }
      : {}),
    minWidth: 960,
    minHeight: 600,
    backgroundColor: windowBackground(),
    title: 'Kiln',
    show: false,
    webPreferences: {
      // electronegativity-justified: PRELOAD_JS_CHECK — our own sandboxed preload; it exposes one
      // function per IPC contract channel and no Node or raw ipcRenderer.
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${options.appOrigin}/`)) event.preventDefault();
  });
  window.webContents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${options.appOrigin}/`)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  installEditContextMenu(window, options.say);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
