/**
 * Help menu actions of the desktop app: check for updates (with an answer in a dialog, as the
 * user asked), open the logs folder, and copy diagnostics for a support request.
 */
import { app, clipboard, dialog, shell, BrowserWindow, type MessageBoxOptions } from 'electron';
import os from 'node:os';
import type { AppLog } from '../core/diagnostics/app-log';
import { diagnosticsReport } from '../core/diagnostics/diagnostics-report';
import type { AppPaths } from '../core/app-paths';
import type { Services } from '../core/services';
import type { UpdateView } from '../../shared/ipc/contract';
import type { MainLanguage, Say } from '../core/i18n/main-language';
import { DIALOG } from '../core/i18n/main-words';

/** What the Help actions need. */
export type HelpOptions = Readonly<{
  services: Services;
  log: AppLog;
  paths: AppPaths;
  /** The dialogs speak the user's language; the diagnostics stay English, for support. */
  language: Pick<MainLanguage, 'say' | 'english'>;
}>;

/** The menu's handlers. */
export function helpActions(o: HelpOptions) {
  return {
    async checkForUpdates(): Promise<void> {
      const view = await o.services.updates.check();
      await show({
        type: view.state === 'error' ? 'warning' : 'info',
        ...updateAnswer(view, o.language.say),
      });
    },
    openLogs: () => void shell.openPath(o.paths.logs),
    async copyDiagnostics(): Promise<void> {
      const text = await diagnostics(o);
      // Asynchronous since Electron 44: the box says "copied" once the text is on the clipboard.
      await clipboard.writeText(text);
      await show({
        type: 'info',
        message: o.language.say(DIALOG.diagnosticsCopied),
        detail: o.language.say(DIALOG.diagnosticsDetail, { diagnostics: text }),
      });
    },
  };
}

/** The diagnostics text of the running app. */
export async function diagnostics(o: HelpOptions): Promise<string> {
  return diagnosticsReport(
    {
      app: { name: app.getName(), version: app.getVersion(), packaged: app.isPackaged },
      versions: process.versions,
      os: {
        platform: process.platform,
        release: os.release(),
        arch: process.arch,
        locale: app.getLocale(),
      },
      ...(await gpuRenderer().then((gpu) => (gpu ? { gpu } : {}))),
      mode: o.services.connection.mode,
      settings: o.services.settings.get(),
      update: updateAnswer(o.services.updates.view(), o.language.english).message,
      folders: {
        data: o.paths.data,
        logs: o.paths.logs,
        'crash dumps (kept on this computer)': app.getPath('crashDumps'),
      },
      recent: o.log.logger.recent(),
    },
    o.log.redactor,
  );
}

/** The GPU's renderer string, as WebGL reports it (e.g. "ANGLE (NVIDIA, …)"). */
async function gpuRenderer(): Promise<string | undefined> {
  const info = (await app.getGPUInfo('complete').catch(() => undefined)) as
    | { auxAttributes?: { glRenderer?: string }; gpuDevice?: Array<{ deviceString?: string }> }
    | undefined;
  return info?.auxAttributes?.glRenderer || info?.gpuDevice?.[0]?.deviceString || undefined;
}

/** The answer to "Check for Updates…", as a dialog's message and detail, in `say`'s language. */
export function updateAnswer(view: UpdateView, say: Say): { message: string; detail?: string } {
  const version = { version: view.version ?? '' };
  switch (view.state) {
    case 'current':
      return { message: say(DIALOG.upToDate), detail: view.message ?? '' };
    case 'downloading':
      return { message: say(DIALOG.downloading, version), detail: say(DIALOG.downloadingDetail) };
    case 'ready':
      return { message: say(DIALOG.ready, version), detail: say(DIALOG.readyDetail) };
    case 'checking':
    case 'idle':
      return { message: say(DIALOG.checking) };
    default:
      return {
        message: say(view.state === 'error' ? DIALOG.updateFailed : DIALOG.updates),
        detail: view.message ?? '',
      };
  }
}

async function show(options: MessageBoxOptions): Promise<void> {
  const parent = BrowserWindow.getFocusedWindow();
  if (parent) await dialog.showMessageBox(parent, options);
  else await dialog.showMessageBox(options);
}
