/**
 * {@link UpdateSource} over electron-updater's `AppUpdater` (passed in: only electron/main loads
 * electron-updater, which needs Electron). The updater downloads only when asked, so the
 * {@link UpdateService} decides everything; electron-updater reads the feed (`latest*.yml`),
 * downloads and verifies the sha512, and installs.
 */
import type { Logger } from '../ports';
import type { DownloadProgress, Release, UpdateSource } from './update-source';

/** What of electron-updater's `AppUpdater` Kiln uses. */
export interface AppUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: { info(m: unknown): void; warn(m: unknown): void; error(m: unknown): void } | null;
  checkForUpdates(): Promise<{ updateInfo: FeedInfo } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (progress: DownloadProgress) => void): unknown;
  // electron-updater also emits 'error' for failures it reports through the promises too; a
  // listener keeps Node's EventEmitter from throwing them.
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(
    event: 'download-progress',
    listener: (progress: DownloadProgress) => void,
  ): unknown;
}

/** The feed's facts about a release (electron-updater's `UpdateInfo`). */
export type FeedInfo = Readonly<{
  version: string;
  releaseNotes?: string | ReadonlyArray<{ version: string; note: string | null }> | null;
  releaseDate?: string;
}>;

/** An {@link UpdateSource} over `updater`, its own log lines sent to `logger`. */
export function electronUpdaterSource(updater: AppUpdaterLike, logger: Logger): UpdateSource {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.logger = {
    info: (m) => logger.info(`updater: ${String(m)}`),
    warn: (m) => logger.warn(`updater: ${String(m)}`),
    error: (m) => logger.error(`updater: ${String(m)}`),
  };
  updater.on('error', () => {});
  return {
    async latest(): Promise<Release> {
      const result = await updater.checkForUpdates();
      if (!result) {
        throw Object.assign(new Error('This build of Kiln does not update itself.'), {
          code: 'ERR_UPDATER_INACTIVE',
        });
      }
      return releaseOf(result.updateInfo);
    },
    async download(onProgress) {
      updater.on('download-progress', onProgress);
      try {
        await updater.downloadUpdate();
      } finally {
        updater.removeListener('download-progress', onProgress);
      }
    },
    setInstallOnQuit: (enabled) => {
      updater.autoInstallOnAppQuit = enabled;
    },
    // Not silent (Windows shows its installer's progress), and Kiln starts again afterwards.
    installNow: () => updater.quitAndInstall(false, true),
  };
}

/** The feed's release as Kiln shows it: notes as plain text. */
export function releaseOf(info: FeedInfo): Release {
  const notes =
    typeof info.releaseNotes === 'string'
      ? plainText(info.releaseNotes)
      : (info.releaseNotes ?? [])
          .map((n) => `${n.version}\n${plainText(n.note ?? '')}`)
          .join('\n\n');
  return {
    version: info.version,
    ...(notes.trim() ? { notes: notes.trim() } : {}),
    ...(info.releaseDate ? { date: info.releaseDate } : {}),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * Release notes as text: GitHub's feed sends them as HTML, and the page shows text only (the
 * notes come from the network; nothing of them is ever run or rendered as markup).
 */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<(br|\/p|\/li|\/h\d|\/div)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
