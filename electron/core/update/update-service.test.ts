/**
 * The update decisions, with a scripted feed and a fake clock: when Kiln asks, what counts as
 * newer, the download's progress, and when it installs (never while a paid call is being sent).
 * update-feed.test.ts runs the same service over the real electron-updater and a local feed.
 */
import { describe, expect, it } from 'vitest';
import type { UpdateView } from '../../../shared/ipc/contract';
import { FakeClock } from '../testing/fake-clock';
import type { DownloadProgress, Release, UpdateSource } from './update-source';
import {
  BUSY_RETRY_MS,
  RECHECK_EVERY_MS,
  START_CHECK_DELAY_MS,
  UpdateService,
  isNewer,
} from './update-service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A feed the test scripts. */
class ScriptedSource implements UpdateSource {
  release: Release | Error = { version: '1.1.0', notes: 'Faster previews.' };
  asked = 0;
  finishDownload: (() => void) | undefined;
  failDownload: ((error: Error) => void) | undefined;
  progress: ((p: DownloadProgress) => void) | undefined;
  installOnQuit = false;
  installed = 0;
  async latest(): Promise<Release> {
    this.asked += 1;
    if (this.release instanceof Error) throw this.release;
    return this.release;
  }
  download(onProgress: (p: DownloadProgress) => void): Promise<void> {
    this.progress = onProgress;
    return new Promise((resolve, reject) => {
      this.finishDownload = resolve;
      this.failDownload = reject;
    });
  }
  setInstallOnQuit(enabled: boolean) {
    this.installOnQuit = enabled;
  }
  installNow() {
    this.installed += 1;
  }
}

function setUp(o: { checkAtStart?: boolean; busy?: () => number; source?: ScriptedSource } = {}) {
  const clock = new FakeClock(Date.UTC(2026, 10, 25));
  const source = o.source ?? new ScriptedSource();
  const seen: UpdateView[] = [];
  const updates = new UpdateService({
    source,
    current: '1.0.0',
    busy: o.busy ?? (() => 0),
    checkAtStart: () => o.checkAtStart ?? true,
    clock,
    logger: quiet,
    onChange: (v) => seen.push(v),
  });
  return { clock, source, updates, seen };
}

describe('UpdateService', () => {
  it('says how Kiln updates where it cannot update itself', async () => {
    const updates = new UpdateService({
      current: '1.0.0',
      busy: () => 0,
      checkAtStart: () => true,
      clock: new FakeClock(),
      logger: quiet,
      onChange: () => {},
    });
    updates.start();
    expect(await updates.check()).toMatchObject({
      state: 'unsupported',
      message: expect.stringMatching(/git pull.*npm install/),
    });
  });

  it('checks quietly a little after start and every few hours, unless the setting is off', async () => {
    const on = setUp();
    on.source.release = { version: '1.0.0' };
    on.updates.start();
    await on.clock.advance(START_CHECK_DELAY_MS - 1);
    expect(on.source.asked).toBe(0);
    await on.clock.advance(1);
    expect(on.source.asked).toBe(1);
    expect(on.updates.view()).toMatchObject({
      state: 'current',
      message: 'Kiln 1.0.0 is the newest version.',
    });
    await on.clock.advance(RECHECK_EVERY_MS);
    expect(on.source.asked).toBe(2);
    on.updates.close();

    const off = setUp({ checkAtStart: false });
    off.updates.start();
    await off.clock.advance(START_CHECK_DELAY_MS + RECHECK_EVERY_MS);
    expect(off.source.asked).toBe(0);
    // The menu's check always asks.
    await off.updates.check();
    expect(off.source.asked).toBe(1);
  });

  it('downloads a newer version in the background, with progress, and installs it on quit', async () => {
    const { source, updates, seen } = setUp();
    expect(await updates.check()).toMatchObject({
      state: 'downloading',
      version: '1.1.0',
      notes: 'Faster previews.',
      percent: 0,
    });
    source.progress!({ percent: 42.46, transferred: 42, total: 100, bytesPerSecond: 10 });
    expect(updates.view()).toMatchObject({
      state: 'downloading',
      percent: 42.5,
      transferred: 42,
      total: 100,
    });
    // A second check while it downloads asks nothing.
    await updates.check();
    expect(source.asked).toBe(1);
    source.finishDownload!();
    await new Promise((r) => setImmediate(r));
    expect(updates.view()).toMatchObject({ state: 'ready', version: '1.1.0', install: 'quit' });
    expect(updates.view().percent).toBeUndefined();
    expect(source.installOnQuit).toBe(true);
    expect(seen.map((v) => v.state)).toEqual(['checking', 'downloading', 'downloading', 'ready']);
  });

  it('restarts into the update at once on request, but only once no paid call is being sent', async () => {
    let busy = 1;
    const { clock, source, updates } = setUp({ busy: () => busy });
    await updates.check();
    source.finishDownload!();
    await clock.flush();
    expect(updates.install('now')).toMatchObject({
      install: 'now',
      waitingFor: 1,
      message: expect.stringMatching(/as soon as the paid call being sent has an answer/),
    });
    await clock.advance(BUSY_RETRY_MS * 5);
    expect(source.installed).toBe(0);
    busy = 0;
    await clock.advance(BUSY_RETRY_MS);
    expect(source.installed).toBe(1);

    // Choosing "on quit" again cancels a restart that waits.
    const second = setUp({ busy: () => 2 });
    await second.updates.check();
    second.source.finishDownload!();
    await second.clock.flush();
    second.updates.install('now');
    expect(second.updates.install('quit')).toMatchObject({ install: 'quit' });
    expect(second.updates.view().waitingFor).toBeUndefined();
    await second.clock.advance(BUSY_RETRY_MS * 10);
    expect(second.source.installed).toBe(0);
  });

  it('never goes back to an older or equal version, nor a version it cannot read', () => {
    expect(isNewer('1.1.0', '1.0.0')).toBe(true);
    expect(isNewer('1.0.1', '1.0.0')).toBe(true);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('0.9.9', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0-beta.2')).toBe(true);
    expect(isNewer('latest', '1.0.0')).toBe(false);
  });

  it('reports a failed manual check, and keeps a failed quiet check to the log', async () => {
    const { clock, source, updates } = setUp();
    source.release = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    updates.start();
    await clock.advance(START_CHECK_DELAY_MS);
    expect(source.asked).toBe(1);
    expect(updates.view()).toMatchObject({ state: 'idle' });
    expect(await updates.check()).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/could not reach its update server/),
    });
    updates.close();
  });

  it('throws a download away when it fails its checksum, and says so', async () => {
    const { source, updates } = setUp();
    await updates.check();
    source.failDownload!(
      Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), {
        code: 'ERR_CHECKSUM_MISMATCH',
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(updates.view()).toMatchObject({
      state: 'error',
      message: expect.stringMatching(/did not match its published checksum.*nothing was installed/),
    });
    expect(updates.install('now').state).toBe('error');
    expect(source.installed).toBe(0);
    expect(source.installOnQuit).toBe(false);
  });
});
