/**
 * The main window, locked down: isolated, sandboxed, no Node in the page, no webviews, no
 * navigation away from the app, no new windows.
 */
import { BrowserWindow, type WebPreferences } from 'electron';

/** The web preferences of every Kiln window. */
export function securePreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    spellcheck: false,
  };
}

/** Creates the main window and denies navigation and pop-ups. */
export function createMainWindow(
  options: Readonly<{ preload: string; url: string; appOrigin: string }>,
): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    backgroundColor: '#121418',
    title: 'Kiln',
    show: false,
    webPreferences: securePreferences(options.preload),
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(options.appOrigin)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
