/**
 * Kiln's Electron main process: the composition root. It builds the core's ports from Electron
 * adapters, starts the core, serves the renderer over `kiln:` and wires IPC. No business logic
 * lives here.
 */
import { MODEL_EXTENSIONS } from '../../shared/model-formats';
import {
  app,
  BrowserWindow,
  crashReporter,
  dialog,
  session,
  shell,
  type OpenDialogOptions,
} from 'electron';
import path from 'node:path';
import { EVENT_CHANNEL } from '../../shared/ipc/channels';
import { appPaths } from '../core/app-paths';
import { openAppLog } from '../core/diagnostics/app-log';
import { filesFromArgv } from '../core/desktop/open-args';
import { mainCatalogs } from '../core/i18n/catalogs';
import { MainLanguage } from '../core/i18n/main-language';
import { DIALOG } from '../core/i18n/main-words';
import { systemClock, type Emit, type Ports } from '../core/ports';
import { systemLanguages } from '../../shared/locale';
import { KeyringSecretStore } from '../core/secrets/keyring-store';
import { MemorySecretStore, type SecretStore } from '../core/secrets/secret-store';
import { createServices, type Services } from '../core/services';
import { APP_SANDBOX_OPTIONS, startEmbeddedSandbox, type EmbeddedSandbox } from '../sandbox';
import {
  APP_ORIGIN,
  cacheFileUrl,
  handleKilnProtocol,
  registerSchemePrivileges,
} from './app-protocol';
import { openExternalSafely } from './external-links';
import { confirmKeyOrigin } from './key-origin';
import { registerIpc } from './ipc';
import { installAppMenu } from './app-menu';
import { registerDragOut } from './drag-out';
import { FileOpening } from './file-opening';
import { createJobDesktop, type JobDesktop } from './job-desktop';
import { LastModelFolder } from './dialog-folders';
import { helpActions } from './help';
import { watchRenderer } from './renderer-watch';
import { ElectronSettingsStore } from './settings-store';
import { DEV_BUILD_UPDATES, desktopUpdateSource } from './updater';
import { quitAfterClose } from './quit';
import { applyThemeSetting } from './theme';
import { createMainWindow } from './window';
import { loadWindowBounds, trackWindowBounds } from './window-state';

// Minidumps of crashes stay on this computer (the crashDumps folder, named in Help → Copy
// Diagnostics); nothing is uploaded anywhere.
crashReporter.start({ uploadToServer: false });

// Kiln's folders and its rotating, redacted log (shared with the browser host). Development
// builds also print each line to the terminal.
const paths = appPaths(app.getPath('userData'), app.getPath('logs'));
const log = openAppLog({
  dir: paths.logs,
  ...(app.isPackaged ? {} : { echo: (line: string) => console.error(line) }),
});
const logger = log.logger;

// Bundled to dist-electron/main; the renderer and preload sit beside it.
const here = import.meta.dirname;
const rendererDir = path.join(here, '..', '..', 'dist', 'renderer');
const preload = path.join(here, '..', 'preload', 'index.cjs');

/**
 * True when main runs from its TypeScript source (its wiring test) rather than its bundle: the
 * worker threads' entries are not built beside it then, and each worker's owner loads its own
 * source entry instead.
 */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * Settings of development builds only (`npm start`, the real-Electron smoke suite in
 * tests/electron): `KILN_KEYCHAIN_SERVICE` keeps a test run's key away from the user's own Kiln
 * entry, `KILN_SANDBOX_TASK_SECONDS` slows the built-in sandbox so a test can quit mid-build. A
 * packaged Kiln ignores them.
 */
function devSetting(
  name: 'KILN_KEYCHAIN_SERVICE' | 'KILN_SANDBOX_TASK_SECONDS',
): string | undefined {
  return app.isPackaged ? undefined : process.env[name] || undefined;
}

app.enableSandbox();
registerSchemePrivileges();

// One Kiln at a time: a second launch focuses the first window and opens its files there.
if (!app.requestSingleInstanceLock()) app.quit();

// Model files to open: from the command line (Windows, Linux) or `open-file` (macOS, which may
// send it before Kiln is ready). They wait until the core is up.
const opening = new FileOpening();
opening.request(...filesFromArgv(process.argv.slice(1), process.cwd()));
app.on('open-file', (event, file) => {
  event.preventDefault();
  opening.request(file);
});

// Defence in depth for every web contents, including any created later: no pop-ups, no
// navigation away from the app, no webviews.
app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (e, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) e.preventDefault();
  });
  contents.on('will-attach-webview', (e) => e.preventDefault());
});

/** The running shell (the wiring test drives it). */
export interface Kiln {
  readonly window: BrowserWindow;
  readonly services: Services;
  /** The core's event port: sends to the page and feeds the taskbar and notifications. */
  readonly emit: Emit;
}

/** Starts Kiln once Electron is ready. Exported for the wiring test. */
export async function start(): Promise<Kiln> {
  await app.whenReady();
  // Kiln never needs camera, microphone, geolocation or notifications permission prompts.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.setPermissionCheckHandler(() => false);

  const dataDir = paths.data;
  // The menu, dialogs and notifications speak the Language setting's language, else the OS's.
  const language = new MainLanguage({
    catalogs: mainCatalogs,
    systemLanguages: () => systemLanguages(app.getPreferredSystemLanguages(), app.getLocale()),
  });
  logger.info('Kiln started', {
    version: app.getVersion(),
    electron: process.versions.electron,
    platform: `${process.platform} (${process.arch})`,
  });
  // Without a secure keychain the key is kept for this session only, and the user is told why.
  const secure = await KeyringSecretStore.available();
  const secrets: SecretStore = log.secrets(
    secure
      ? new KeyringSecretStore('api-key', devSetting('KILN_KEYCHAIN_SERVICE'))
      : new MemorySecretStore(),
  );
  let embedded: EmbeddedSandbox | undefined;
  // Set once the window exists; the core emits before that (resumed jobs), and a `const` declared
  // there would be in its temporal dead zone when `emit` runs.
  // eslint-disable-next-line prefer-const
  let jobDesktop: JobDesktop | undefined;
  const emit: Emit = (event, payload) => {
    for (const window of BrowserWindow.getAllWindows())
      window.webContents.send(EVENT_CHANNEL, event, payload);
    if (event === 'jobs.updated')
      jobDesktop?.observe(payload as Parameters<JobDesktop['observe']>[0]);
  };
  const ports: Ports = {
    secrets,
    ...(secure
      ? {}
      : {
          insecureSecretsReason:
            'No system keychain answered (on Linux: no Secret Service such as GNOME Keyring is running or unlocked), so Kiln keeps your key only until it quits.',
        }),
    // Electron's theme and the main process's language follow the settings as they are saved.
    settings: new ElectronSettingsStore((saved) => {
      applyThemeSetting(saved['theme']);
      language.apply(saved['language']);
    }),
    liveFetch: log.fetch(fetch),
    sandbox: () => {
      const taskSeconds = Number(devSetting('KILN_SANDBOX_TASK_SECONDS') ?? Number.NaN);
      embedded = startEmbeddedSandbox(dataDir, {
        ...APP_SANDBOX_OPTIONS,
        // Built beside this bundle (vite.config.ts): the sandbox makes models off the main thread.
        ...(fromSource
          ? {}
          : { generatorWorker: new URL('./generate-worker.js', import.meta.url) }),
        ...(Number.isFinite(taskSeconds) ? { taskSeconds } : {}),
      });
      return embedded.connection;
    },
    defaults: {
      baseUrl: process.env['KILN_BASE_URL'] ?? 'https://api.invalid',
      exportDir: path.join(app.getPath('documents'), 'Kiln'),
      ...(process.env['KILN_PLATFORM_URL']
        ? { platformUrl: process.env['KILN_PLATFORM_URL'] }
        : {}),
    },
    // Only the platform bound to the key (https) may be opened in the system browser.
    openExternal: (url) => openExternalSafely(url, services.keys.platformOrigins()),
    confirmKeyOrigin: (question) => confirmKeyOrigin(question, language.say),
    systemLanguages: () => language.systemLanguages(),
    paths,
    clock: systemClock,
    logger,
    appVersion: app.getVersion(),
    cacheFileUrl,
    chooseFolder: async () => {
      const options: OpenDialogOptions = {
        title: language.say(DIALOG.chooseFolder),
        properties: ['openDirectory', 'createDirectory'],
        // Starts in the current results folder (Electron 43+ would open Downloads).
        defaultPath: services.settings.get().exportDir,
      };
      const parent = BrowserWindow.getFocusedWindow();
      const answer = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return answer.canceled ? undefined : answer.filePaths[0];
    },
    emit,
    showInFolder: (file) => shell.showItemInFolder(file),
    // Built beside this bundle (vite.config.ts): conversions run off the main thread.
    ...(fromSource ? {} : { convertWorker: new URL('./convert-worker.js', import.meta.url) }),
    ...withUpdates(),
  };
  const services = await createServices(ports);
  applyThemeSetting(services.settings.get().theme);
  language.apply(services.settings.get().language);
  handleKilnProtocol({ renderer: rendererDir, cache: paths.cache });
  registerIpc(services.handlers, APP_ORIGIN, logger);
  registerDragOut({ desktop: services.desktop, appOrigin: APP_ORIGIN, logger });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits until every download in flight has stopped and no file is half-written.
  quitAfterClose(
    app,
    async () => {
      jobDesktop?.close();
      await services.close();
      await embedded?.sandbox.close();
    },
    logger,
  );
  const boundsFile = path.join(dataDir, 'window-state.json');
  const bounds = loadWindowBounds(boundsFile);
  const window = createMainWindow({
    preload,
    url: `${APP_ORIGIN}/index.html`,
    appOrigin: APP_ORIGIN,
    ...(bounds ? { bounds } : {}),
    say: language.say,
  });
  if (bounds?.maximized) window.maximize();
  trackWindowBounds(window, boundsFile);
  watchRenderer(window, {
    notices: services.notices,
    logger,
    clock: systemClock,
    say: language.say,
  });
  const help = helpActions({ services, log, paths, language });
  const modelFolder = new LastModelFolder();
  const bringForward = () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  const menu = () =>
    installAppMenu({
      platform: process.platform,
      appName: 'Kiln',
      dev: !app.isPackaged,
      files: {
        recent: services.recent.list(),
        open: () =>
          void chooseModel(window, modelFolder.folder, language).then(
            (file) => file && opening.request(file),
          ),
        openRecent: (file) => opening.request(file),
        clearRecent: () => {
          app.clearRecentDocuments();
          void services.recent.clear().then(menu);
        },
      },
      help: {
        checkForUpdates: () => void help.checkForUpdates(),
        openLogs: help.openLogs,
        copyDiagnostics: () => void help.copyDiagnostics(),
      },
      preferences: () => {
        bringForward();
        emit('app.openSettings', {});
      },
      command: (id) => {
        bringForward();
        emit('app.command', { id });
      },
      say: language.say,
    });
  menu();
  // A new Language setting relabels the menu at once.
  language.onChange(menu);

  jobDesktop = createJobDesktop({
    window,
    clock: systemClock,
    platform: process.platform,
    initial: services.jobs.list(),
    open: (modelId) => {
      if (modelId) services.desktop.openLibraryModel(modelId);
      bringForward();
    },
    say: language.say,
  });

  app.on('second-instance', (_event, argv, cwd) => {
    bringForward();
    opening.request(...filesFromArgv(argv.slice(1), cwd));
  });
  void opening.ready(async (file) => {
    const request = await services.desktop.open(file);
    if (request.kind === 'local') {
      app.addRecentDocument(file);
      modelFolder.opened(file);
    }
    menu();
    bringForward();
  });
  return { window, services, emit };
}

/** The update feed of a packaged build, or how a development build updates. */
function withUpdates(): Pick<Ports, 'updates' | 'updatesUnsupported'> {
  const source = desktopUpdateSource(logger);
  return source ? { updates: source } : { updatesUnsupported: DEV_BUILD_UPDATES };
}

/** File → Open…: one model file of a format Kiln opens, chosen in the OS dialog that starts in `folder`. */
async function chooseModel(
  window: BrowserWindow,
  folder: string | undefined,
  language: MainLanguage,
): Promise<string | undefined> {
  const { canceled, filePaths } = await dialog.showOpenDialog(window, {
    title: language.say(DIALOG.openModel),
    ...(folder ? { defaultPath: folder } : {}),
    properties: ['openFile'],
    filters: [{ name: language.say(DIALOG.modelFiles), extensions: [...MODEL_EXTENSIONS] }],
  });
  return canceled ? undefined : filePaths[0];
}

/** The running shell once started (the wiring test drives it); undefined if it could not start. */
export const started: Promise<Kiln | undefined> = start().catch((error: unknown) => {
  logger.error('Kiln could not start', { error: String(error) });
  app.exit(1);
  return undefined;
});
