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

/** What the Help actions need. */
export type HelpOptions = Readonly<{ services: Services; log: AppLog; paths: AppPaths }>;

/** The menu's handlers. */
export function helpActions(o: HelpOptions) {
  return {
    async checkForUpdates(): Promise<void> {
      const view = await o.services.updates.check();
      await show({ type: view.state === 'error' ? 'warning' : 'info', ...updateAnswer(view) });
    },
    openLogs: () => void shell.openPath(o.paths.logs),
    async copyDiagnostics(): Promise<void> {
      const text = await diagnostics(o);
      // Asynchronous since Electron 44: the box says "copied" once the text is on the clipboard.
      await clipboard.writeText(text);
      await show({
        type: 'info',
        message: 'Diagnostics copied',
        detail: `Paste them into your support request. They hold no key or token:\n\n${text}`,
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
      update: updateAnswer(o.services.updates.view()).message,
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

/** The answer to "Check for Updates…", as a dialog's message and detail. */
export function updateAnswer(view: UpdateView): { message: string; detail?: string } {
  switch (view.state) {
    case 'current':
      return { message: 'Kiln is up to date', detail: view.message ?? '' };
    case 'downloading':
      return {
        message: `Kiln ${view.version} is downloading`,
        detail:
          'Activity shows its progress. Kiln asks before it restarts; until then, keep working.',
      };
    case 'ready':
      return {
        message: `Kiln ${view.version} is ready`,
        detail: 'It installs when you quit Kiln, or restart now from Activity.',
      };
    case 'checking':
    case 'idle':
      return { message: 'Checking for updates…' };
    default:
      return {
        message: view.state === 'error' ? 'Kiln could not update' : 'Updates',
        detail: view.message ?? '',
      };
  }
}

async function show(options: MessageBoxOptions): Promise<void> {
  const parent = BrowserWindow.getFocusedWindow();
  if (parent) await dialog.showMessageBox(parent, options);
  else await dialog.showMessageBox(options);
}
