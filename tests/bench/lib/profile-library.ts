/**
 * The `library` scenario of `tests/bench/profile.ts`: B8's click on the Library tab in a window
 * whose host has a sandbox seeded with 20,000 models, profiled on both sides of the bridge (the
 * page's main thread through CDP, and this process's own thread, where the host, the core and
 * the embedded sandbox run), with a timeline around the click: requests, bridge messages, the
 * viewer's frames, long tasks, animation frames, and when the first card entered the DOM.
 *
 * `PROFILE_QUIET_MS=8000` waits longer than B8's 1 s before the click; `PROFILE_DRAIN=1` first
 * waits for the GPU to finish what the viewer submitted (a one-pixel `readPixels`) and notes how
 * long that blocked: SwiftShader can still be drawing the viewer's idle lighting warm-up, and
 * until it is done no frame of the page (hence no card) can reach the screen.
 */
import { Session } from 'node:inspector/promises';
import type { BenchContext } from './context';
import { newPage } from './context';
import { startProfile, stopProfile, type Profile } from './cpu-profile';
import type { KilnHost } from './app';

/**
 * Runs in the page: notes every frame the viewer draws and its lighting warm-up, and every long
 * task, so the timeline shows what the page's renderer was busy with around the click.
 */
const WATCH_VIEWER = `(() => {
  const marks = (window.__viewerMarks = []);
  const now = () => performance.timeOrigin + performance.now();
  const viewer = document.querySelector('[data-testid="viewer"]');
  new MutationObserver((records) => {
    for (const r of records)
      marks.push({ at: now(), what: 'viewer ' + r.attributeName + '=' + viewer.getAttribute(r.attributeName) });
  }).observe(viewer, { attributes: true, attributeFilter: ['data-frames', 'data-lighting', 'data-viewer-state'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      marks.push({ at: performance.timeOrigin + e.startTime, what: 'long task ' + e.duration.toFixed(0) + ' ms' });
  }).observe({ type: 'longtask', buffered: true });
})()`;

/** B8's seed: the sandbox's library size. */
export const LIBRARY_MODELS = 20_000;

/** One thing that happened around the click, in ms from the click. */
interface Mark {
  readonly atMs: number;
  readonly what: string;
}

/** What {@link profileLibraryClick} measured. */
export interface LibraryClickProfile {
  readonly page: Profile;
  readonly host: Profile;
  readonly timeline: readonly Mark[];
}

/** Starts V8's sampling profiler on this process's own thread. */
async function startHostProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return session;
}

/**
 * Opens a fresh window as B8 does (ready, viewer mounted, 1 s quiet), then clicks Library with
 * both profilers on until the first card has been painted (two frames after it exists).
 */
export async function profileLibraryClick(
  ctx: BenchContext,
  kiln: KilnHost,
): Promise<LibraryClickProfile> {
  const open = await newPage(ctx);
  const events: Array<{ at: number; what: string }> = [];
  const note = (what: string) => events.push({ at: Date.now(), what });
  open.page.on('request', (r) => note(`request ${r.url().replace(/^.*\//, '')}`));
  open.page.on('websocket', (ws) => {
    ws.on('framesent', (f) => note(`→ ${String(f.payload).slice(0, 90)}`));
    ws.on('framereceived', (f) => note(`← ${String(f.payload).slice(0, 60)}`));
  });
  try {
    await open.page.goto(kiln.url);
    await open.page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 });
    await open.page
      .locator('[data-testid="viewer"][data-gl-geometries]')
      .waitFor({ state: 'attached', timeout: 60_000 });
    await open.page.evaluate(WATCH_VIEWER);
    // B8 waits 1 s; PROFILE_QUIET_MS=… shows what a longer wait changes.
    await open.page.waitForTimeout(Number(process.env.PROFILE_QUIET_MS ?? 1000));
    const host = await startHostProfile();
    await startProfile(open.probe.cdp);
    // PROFILE_DRAIN=1: wait for the viewer's GPU work first (how long it blocks is noted).
    const drain = process.env.PROFILE_DRAIN === '1';
    const marks = await open.page.evaluate(async (drainFirst) => {
      const now = () => performance.timeOrigin + performance.now();
      const seen: Array<{ at: number; what: string }> = [];
      if (drainFirst) {
        const blocked = window.__bench!.drain();
        seen.push({ at: now(), what: `GPU backlog drained (${blocked.toFixed(0)} ms blocked)` });
      }
      const card = () => document.querySelector('[data-testid="library-card"]');
      // When the card enters the DOM, apart from when a frame first shows it.
      const observer = new MutationObserver(() => {
        if (!card()) return;
        seen.push({ at: now(), what: 'first card in the DOM' });
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      const t0 = now();
      document.getElementById('left-tab-library')!.click();
      const frame = () =>
        new Promise<void>((r) =>
          requestAnimationFrame(() => {
            seen.push({ at: now(), what: 'animation frame' });
            r();
          }),
        );
      while (!card()) await frame();
      const exists = now();
      await frame();
      await frame();
      return { t0, exists, painted: now(), seen };
    }, drain);
    const page = await stopProfile(open.probe.cdp);
    const viewer = (await open.page.evaluate('window.__viewerMarks')) as typeof events;
    events.push(...viewer);
    const { profile } = await host.post('Profiler.stop');
    host.disconnect();
    const timeline: Mark[] = [
      ...[...events, ...marks.seen].map((e) => ({ atMs: e.at - marks.t0, what: e.what })),
      { atMs: marks.exists - marks.t0, what: 'first card exists (seen in a frame)' },
      { atMs: marks.painted - marks.t0, what: 'first card painted (two frames later)' },
    ].sort((a, b) => a.atMs - b.atMs);
    return { page, host: profile as Profile, timeline };
  } finally {
    await open.close();
  }
}

/** The timeline as lines of text. */
export function formatTimeline(timeline: readonly Mark[]): string {
  return timeline.map((m) => `${m.atMs.toFixed(0).padStart(7)} ms  ${m.what}`).join('\n');
}
