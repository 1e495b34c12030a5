/**
 * Kiln's own updates: when to ask the feed, whether its release is newer than the running one,
 * the background download and its progress, and when to install — on quit, or at once on
 * request but never while a paid call is being sent (a restart then could leave its outcome
 * unknown). Jobs resume after the restart from their journal, as after any restart.
 *
 * Where Kiln cannot update itself (the browser host, a development build) the state is
 * `unsupported` and says how that copy of Kiln updates.
 */
import semver from 'semver';
import type { UpdateView } from '../../../shared/ipc/contract';
import type { Clock, Logger } from '../ports';
import type { UpdateSource } from './update-source';

/** The quiet check waits this long after start, so it never competes with the first screen. */
export const START_CHECK_DELAY_MS = 15_000;
/** A running Kiln looks again this often (with the quiet check on). */
export const RECHECK_EVERY_MS = 6 * 60 * 60 * 1000;
/** How often a restart waiting for a paid call looks again. */
export const BUSY_RETRY_MS = 1000;

/** Options of {@link UpdateService}. */
export type UpdateServiceOptions = Readonly<{
  /** The feed; absent where Kiln cannot update itself. */
  source?: UpdateSource;
  /** How this copy of Kiln updates when there is no `source`, in words for the user. */
  unsupported?: string;
  /** The running version. */
  current: string;
  /** Paid calls being sent right now (`JobService.busy`). */
  busy: () => number;
  /** The "check for updates at start" setting. */
  checkAtStart: () => boolean;
  clock: Clock;
  logger: Logger;
  onChange: (view: UpdateView) => void;
}>;

/** Default words of an `unsupported` state. */
export const SELF_UPDATE_UNSUPPORTED =
  'This copy of Kiln does not update itself: get a new version with git pull and npm install in its folder.';

/** Checks, downloads and installs Kiln's new versions. */
export class UpdateService {
  readonly #o: UpdateServiceOptions;
  #view: UpdateView;
  #timer: unknown;
  #installTimer: unknown;
  #checking: Promise<UpdateView> | undefined;

  constructor(o: UpdateServiceOptions) {
    this.#o = o;
    this.#view = o.source
      ? { state: 'idle', current: o.current }
      : {
          state: 'unsupported',
          current: o.current,
          message: o.unsupported ?? SELF_UPDATE_UNSUPPORTED,
        };
  }

  /** The state now. */
  view(): UpdateView {
    return this.#view;
  }

  /** Schedules the quiet check at start and the later ones, unless the setting is off. */
  start(): void {
    if (!this.#o.source) return;
    const next = (ms: number) => {
      this.#timer = this.#o.clock.setTimeout(() => {
        if (this.#o.checkAtStart()) void this.check({ quiet: true });
        next(RECHECK_EVERY_MS);
      }, ms);
    };
    next(START_CHECK_DELAY_MS);
  }

  /**
   * Asks the feed. A newer release starts downloading in the background; the answer comes once
   * the feed has answered. A quiet check (at start) that fails is only logged: the user did not
   * ask, and an offline start is no error.
   */
  check(o: Readonly<{ quiet?: boolean }> = {}): Promise<UpdateView> {
    const source = this.#o.source;
    const state = this.#view.state;
    if (!source || state === 'downloading' || state === 'ready') return Promise.resolve(this.#view);
    this.#checking ??= this.#check(source, o.quiet ?? false).finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #check(source: UpdateSource, quiet: boolean): Promise<UpdateView> {
    const before = this.#view;
    this.#set({ state: 'checking', current: this.#o.current });
    let release;
    try {
      release = await source.latest();
    } catch (error) {
      this.#o.logger.warn('update check failed', {
        quiet,
        code: codeOf(error),
        error: String(error),
      });
      return this.#set(
        quiet
          ? { ...before, state: before.state === 'error' ? 'idle' : before.state }
          : { state: 'error', current: this.#o.current, message: checkFailed(error) },
      );
    }
    const checkedAt = this.#o.clock.now();
    if (!isNewer(release.version, this.#o.current)) {
      this.#o.logger.info('no newer version', { current: this.#o.current, feed: release.version });
      return this.#set({
        state: 'current',
        current: this.#o.current,
        checkedAt,
        message: `Kiln ${this.#o.current} is the newest version.`,
      });
    }
    this.#o.logger.info('downloading update', { version: release.version });
    const found: UpdateView = {
      state: 'downloading',
      current: this.#o.current,
      version: release.version,
      ...(release.notes ? { notes: release.notes } : {}),
      ...(release.date ? { date: release.date } : {}),
      checkedAt,
      percent: 0,
    };
    this.#set(found);
    void source
      .download((p) => {
        if (this.#view.state !== 'downloading') return;
        this.#set({
          ...found,
          percent: Math.max(0, Math.min(100, Math.round(p.percent * 10) / 10)),
          transferred: p.transferred,
          total: p.total,
        });
      })
      .then(() => {
        source.setInstallOnQuit(true);
        this.#o.logger.info('update downloaded', { version: release.version });
        const { percent: _p, transferred: _t, total: _all, ...rest } = found;
        this.#set({ ...rest, state: 'ready', install: 'quit' });
      })
      .catch((error: unknown) => {
        this.#o.logger.warn('update download failed', {
          code: codeOf(error),
          error: String(error),
        });
        this.#set({
          state: 'error',
          current: this.#o.current,
          version: release.version,
          message: downloadFailed(error, release.version),
        });
      });
    return this.#view;
  }

  /**
   * Installs the downloaded version when Kiln quits, or restarts into it now — as soon as no
   * paid call is being sent. Choosing `quit` again cancels a restart that waits.
   */
  install(when: 'now' | 'quit'): UpdateView {
    const source = this.#o.source;
    if (!source || this.#view.state !== 'ready') return this.#view;
    this.#o.clock.clearTimeout(this.#installTimer);
    source.setInstallOnQuit(true);
    if (when === 'quit') {
      const { waitingFor: _w, message: _m, ...rest } = this.#view;
      return this.#set({ ...rest, install: 'quit' });
    }
    const attempt = () => {
      const busy = this.#o.busy();
      if (busy === 0) {
        this.#o.logger.info('restarting to install the update', { version: this.#view.version });
        source.installNow();
        return;
      }
      this.#set({
        ...this.#view,
        install: 'now',
        waitingFor: busy,
        message: `Kiln restarts to update as soon as ${busy === 1 ? 'the paid call being sent has' : `the ${busy} paid calls being sent have`} an answer.`,
      });
      this.#installTimer = this.#o.clock.setTimeout(attempt, BUSY_RETRY_MS);
    };
    const { waitingFor: _w, message: _m, ...rest } = this.#view;
    this.#view = { ...rest, install: 'now' };
    attempt();
    return this.#view;
  }

  /** Stops the timers. */
  close(): void {
    this.#o.clock.clearTimeout(this.#timer);
    this.#o.clock.clearTimeout(this.#installTimer);
  }

  #set(view: UpdateView): UpdateView {
    this.#view = view;
    this.#o.onChange(view);
    return view;
  }
}

/** True when the feed's `version` is a later release than `current` (never a downgrade). */
export function isNewer(version: string, current: string): boolean {
  const feed = semver.valid(version);
  const running = semver.valid(current);
  return !!feed && !!running && semver.gt(feed, running);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function checkFailed(error: unknown): string {
  switch (codeOf(error)) {
    case 'ERR_UPDATER_INVALID_UPDATE_INFO':
    case 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND':
    case 'ERR_UPDATER_NO_PUBLISHED_VERSIONS':
    case 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND':
      return 'The update feed could not be read (it may be in the middle of a release). Try again later; Kiln keeps working as it is.';
    case 'ERR_UPDATER_INACTIVE':
      return 'This build of Kiln does not update itself (a development build). Install a release to get updates.';
    case 'ERR_UPDATER_UNSUPPORTED_PROVIDER':
    case 'ERR_UPDATER_INVALID_PROVIDER_CONFIGURATION':
      return 'This build of Kiln names no update feed (it was built outside a release). Install a release to get updates.';
    default:
      return 'Kiln could not reach its update server. Check the connection and try Help → Check for Updates again.';
  }
}

function downloadFailed(error: unknown, version: string): string {
  if (codeOf(error) === 'ERR_UPDATER_NO_FILES_PROVIDED') {
    return `The update feed is incomplete: it names Kiln ${version} but no installer for this system. Try again later.`;
  }
  if (codeOf(error) === 'ERR_CHECKSUM_MISMATCH' || /sha512|checksum/i.test(String(error))) {
    return `The download of Kiln ${version} did not match its published checksum, so it was thrown away and nothing was installed. Try again later.`;
  }
  return `Kiln ${version} could not be downloaded. Check the connection and try Help → Check for Updates again.`;
}
