/**
 * A stand-in for `electron-updater`'s `autoUpdater` in the wiring test: a feed the test sets,
 * a download that reports progress, and a record of what main asked of it.
 */
import { EventEmitter } from 'node:events';

/** The fake `autoUpdater`. */
export class FakeAppUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  logger: unknown = console;
  /** The feed's newest version. */
  feedVersion = '0.0.0-test';
  checks = 0;
  downloads = 0;
  readonly installs: Array<[boolean | undefined, boolean | undefined]> = [];

  async checkForUpdates() {
    this.checks += 1;
    return {
      updateInfo: {
        version: this.feedVersion,
        releaseNotes: '<p>Faster <b>previews</b>.</p>',
        releaseDate: '2026-11-25T10:00:00.000Z',
      },
    };
  }

  async downloadUpdate() {
    this.downloads += 1;
    this.emit('download-progress', { percent: 50, transferred: 5, total: 10, bytesPerSecond: 5 });
    return ['/tmp/kiln-update.AppImage'];
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

/** The one updater of the module, as electron-updater exports it. */
export const autoUpdater = new FakeAppUpdater();

/** The module's exports (`import electronUpdater from 'electron-updater'`). */
export const fakeElectronUpdater = { default: { autoUpdater }, autoUpdater };
