/**
 * The update feed, as a port: electron-updater in the desktop app (wired in electron/main), none
 * in the browser host (updates come with `git pull` and `npm install` there).
 */

/** A release the feed offers. */
export type Release = Readonly<{
  version: string;
  /** Plain text (the feed's HTML or per-version notes flattened). */
  notes?: string;
  /** ISO date of the release. */
  date?: string;
}>;

/** How far a download is. */
export type DownloadProgress = Readonly<{
  percent: number;
  transferred: number;
  total: number;
  bytesPerSecond: number;
}>;

/** Where new versions come from. */
export interface UpdateSource {
  /**
   * The newest release the feed offers, whatever its version.
   * @throws when the feed cannot be reached or read (the error's `code` says which)
   */
  latest(): Promise<Release>;
  /**
   * Downloads the release {@link latest} found and checks it against the feed's sha512; nothing
   * is kept when the check fails.
   */
  download(onProgress: (progress: DownloadProgress) => void): Promise<void>;
  /** Whether the downloaded release installs when Kiln quits. */
  setInstallOnQuit(enabled: boolean): void;
  /** Quits Kiln, installs the downloaded release and starts it again. */
  installNow(): void;
}
