/**
 * The desktop app's update feed: electron-updater over the GitHub release the app was built
 * for (`app-update.yml`, written by electron-builder from `publish` in electron-builder.yml). A
 * development build has no feed and says how it updates instead.
 */
import { app } from 'electron';
import electronUpdater from 'electron-updater';
import type { Logger } from '../core/ports';
import { electronUpdaterSource } from '../core/update/electron-updater-source';
import type { UpdateSource } from '../core/update/update-source';

/** How a development build updates, in words for the user. */
export const DEV_BUILD_UPDATES =
  'This development build does not update itself: get a new version with git pull and npm install, or install a release.';

/** The update feed of a packaged Kiln; undefined for a development build. */
export function desktopUpdateSource(logger: Logger): UpdateSource | undefined {
  if (!app.isPackaged) return undefined;
  return electronUpdaterSource(electronUpdater.autoUpdater, logger);
}
