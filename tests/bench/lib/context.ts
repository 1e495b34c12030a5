/**
 * What every bench gets: the options, the one browser, Kiln's host, the baseline server, the
 * fixture sizes, and helpers that open Kiln's window or a baseline page the same way each time.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { KilnHost } from './app';
import { BenchBrowser, PageProbe } from './browser';
import { modelSizes, type Fixture } from './fixtures';
import type { BenchOptions } from './options';
import type { Row, Unmeasured } from './report';
import type { StaticServer } from './static-server';
import { PREFLIGHT_WARM_MARK } from '../../../renderer/src/features/preflight/protocol';

/** Shared state of a bench run. */
export interface BenchContext {
  readonly options: BenchOptions;
  readonly browser: BenchBrowser;
  /** Kiln's browser host (embedded sandbox, default settings). */
  readonly kiln: KilnHost;
  /** Baseline pages (`/bare-viewer.html`, `/parse.html`, `/blank.html`) and `/fixtures/`. */
  readonly pages: StaticServer;
  readonly sizes: ReturnType<typeof modelSizes>;
  /** The size of Kiln's viewer canvas in CSS pixels; baselines draw at the same size. */
  canvas: { width: number; height: number };
  log(message: string): void;
}

/** What a bench returns. */
export interface BenchResult {
  rows: Row[];
  unmeasured?: Unmeasured[];
  /** Anything worth keeping in the JSON beside the rows (breakdowns, raw events). */
  details?: Record<string, unknown>;
}

/** A page in its own fresh context, with a CDP session and a signal from the page. */
export interface OpenPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly probe: PageProbe;
  /** Resolves with the payload of the first `__benchSignal(name, …)` of that name. */
  signal(name: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Opens a fresh context and page (probe installed, Performance domain on), not yet navigated. */
export async function newPage(
  ctx: BenchContext,
  autoOpen?: { url: string; name: string },
): Promise<OpenPage> {
  const context = await ctx.browser.context(autoOpen);
  const page = await context.newPage();
  page.on('pageerror', (e) => ctx.log(`  page error: ${e.message}`));
  const probe = await PageProbe.attach(page);
  const waiting = new Map<string, (payload: unknown) => void>();
  const seen = new Map<string, unknown>();
  await page.exposeFunction('__benchSignal', (name: string, payload: unknown) => {
    seen.set(name, payload);
    waiting.get(name)?.(payload);
  });
  return {
    context,
    page,
    probe,
    signal: (name) =>
      seen.has(name)
        ? Promise.resolve(seen.get(name))
        : new Promise((resolve) => waiting.set(name, resolve)),
    close: () => context.close(),
  };
}

/**
 * Opens Kiln's window (the bench's host, or the one at `url`) and waits until the app is ready
 * and its viewer has drawn.
 */
export async function openKiln(ctx: BenchContext, url = ctx.kiln.url): Promise<OpenPage> {
  const open = await newPage(ctx);
  await open.page.goto(url);
  await open.page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  await open.page
    .locator('[data-testid="viewer"][data-gl-geometries]')
    .waitFor({ state: 'attached', timeout: 60_000 });
  return open;
}

/**
 * Waits until Kiln's empty viewer has drawn its lighting warm-up frame (`data-lighting="warm"`):
 * the frame, at idle after the start, that compiles the lit programs (about half a second of CPU
 * in SwiftShader).
 */
export async function lightingWarm(page: Page): Promise<void> {
  await page.locator('[data-testid="viewer"][data-lighting="warm"]').waitFor({ timeout: 60_000 });
}

/** Waits until the photo preflight's worker has compiled its checks (its Performance mark). */
export async function preflightWarm(page: Page): Promise<void> {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    PREFLIGHT_WARM_MARK,
    { timeout: 60_000 },
  );
}

/**
 * Waits until Kiln's window has done the work it does at idle once it starts: the viewer's
 * lighting warm-up and the photo preflight's worker. A bench that times a click on a quiet window
 * waits for this, not for a fixed time: B8 clicked after a fixed 1 s, before or after the warm-up
 * frame by chance (its samples ~90 or 200–400 ms).
 */
export async function idleWorkDone(open: OpenPage): Promise<void> {
  await lightingWarm(open.page);
  await preflightWarm(open.page);
}

/** Opens the bare viewer (no model) at Kiln's canvas size. */
export async function openBare(
  ctx: BenchContext,
  query: Record<string, string> = {},
): Promise<OpenPage> {
  const open = await newPage(ctx);
  await open.page.goto(bareUrl(ctx, query));
  await open.page.waitForFunction(() => 'bare' in window);
  return open;
}

/** URL of the bare viewer at Kiln's canvas size. */
export function bareUrl(ctx: BenchContext, query: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    w: String(ctx.canvas.width),
    h: String(ctx.canvas.height),
    ...query,
  });
  return `${ctx.pages.origin}/bare-viewer.html?${q}`;
}

/** URL of a fixture on the baseline server. */
export function fixtureUrl(ctx: BenchContext, fixture: Fixture): string {
  return `${ctx.pages.origin}/fixtures/${encodeURIComponent(fixture.name)}`;
}

/** Fetches a fixture into the page as a File named `name` (outside any measured window). */
export async function preload(page: Page, url: string, name: string, type?: string): Promise<void> {
  await page.evaluate(([u, n, t]) => window.__bench!.fetchFile(u!, n!, t ?? undefined), [
    url,
    name,
    type ?? null,
  ] as const);
}

/** Waits until the page's viewer has drawn no frame for `quietMs` (damping, shadows settled). */
export async function waitQuiet(page: Page, quietMs = 500, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(
    (quiet) => performance.now() - (window.__bench?.lastFrameAt ?? 0) >= quiet,
    quietMs,
    { timeout: timeoutMs, polling: 100 },
  );
}

/**
 * Runs `n` rounds of app and baseline samples in one browser, alternating which goes first each
 * round so that neither side always runs on a warmer (or busier) machine.
 */
export async function alternate<A, B>(
  n: number,
  app: (i: number) => Promise<A>,
  baseline: (i: number) => Promise<B>,
): Promise<{ app: A[]; baseline: B[] }> {
  const a: A[] = [];
  const b: B[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      a.push(await app(i));
      b.push(await baseline(i));
    } else {
      b.push(await baseline(i));
      a.push(await app(i));
    }
  }
  return { app: a, baseline: b };
}

/** Starts Kiln's host for a bench that needs its own (e.g. other sandbox timings). */
export function startKiln(options: Parameters<typeof KilnHost.start>[0] = {}): Promise<KilnHost> {
  return KilnHost.start(options);
}
