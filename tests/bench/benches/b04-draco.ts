/**
 * B4 — the first Draco model after start, and warm.
 *
 * Decode only (parse harness): Kiln's page calls `warmGltfDecoders()` at start, as its viewer
 * does when it mounts, and the user opens a Draco model once the page has been idle a moment
 * (the decoder files fetched, then 500 ms). That first parse, and a second one (warm), are set
 * against a bare `DRACOLoader` that has already decoded the model once (warm).
 *
 * In the app: a fresh Kiln window, idle until its decoder is fetched, shows the same model
 * uncompressed first (so lighting and shaders are warm and only the decoder differs); then the
 * first Draco model dropped → on screen, against a second drop of it (warm).
 */
import type { Page } from '@playwright/test';
import {
  alternate,
  fixtureUrl,
  newPage,
  preload,
  waitQuiet,
  type BenchContext,
  type BenchResult,
} from '../lib/context';
import { proceduralModel } from '../lib/fixtures';

/** Waits until the page has fetched the Draco decoder (or `capMs` passed), then `afterMs`. */
async function idleUntilDecoder(
  page: Page,
  fetched: Promise<unknown>,
  capMs = 6000,
  afterMs = 500,
) {
  await Promise.race([fetched, page.waitForTimeout(capMs)]);
  await page.waitForTimeout(afterMs);
}

function decoderFetched(page: Page): Promise<unknown> {
  return page.waitForEvent('requestfinished', {
    predicate: (r) => /draco_decoder.*\.wasm$/.test(r.url()),
    timeout: 0,
  });
}

export async function b4(ctx: BenchContext): Promise<BenchResult> {
  const fixture = await proceduralModel({
    ...ctx.sizes.medium,
    format: 'webp',
    compression: 'draco',
  });
  const plain = await proceduralModel({ ...ctx.sizes.medium, format: 'webp', compression: 'raw' });
  const url = fixtureUrl(ctx, fixture);

  const appDecode = async () => {
    const open = await newPage(ctx);
    try {
      const fetched = decoderFetched(open.page);
      await open.page.goto(`${ctx.pages.origin}/parse.html?impl=app`);
      await open.page.waitForFunction(() => 'parseBench' in window);
      await open.page.evaluate(() => window.parseBench.warm());
      await open.page.evaluate((u) => window.parseBench.load(u), url);
      await idleUntilDecoder(open.page, fetched);
      const first = await open.page.evaluate(() => window.parseBench.parse());
      const warm = await open.page.evaluate(() => window.parseBench.parse());
      return { first, warm };
    } finally {
      await open.close();
    }
  };
  const bareDecode = async () => {
    const open = await newPage(ctx);
    try {
      await open.page.goto(`${ctx.pages.origin}/parse.html?impl=bare`);
      await open.page.waitForFunction(() => 'parseBench' in window);
      await open.page.evaluate(() => window.parseBench.warm());
      await open.page.evaluate((u) => window.parseBench.load(u), url);
      await open.page.evaluate(() => window.parseBench.parse());
      return await open.page.evaluate(() => window.parseBench.parse());
    } finally {
      await open.close();
    }
  };
  const decode = await alternate(ctx.options.samples, appDecode, bareDecode);

  const appUrl = await ctx.kiln.publish(fixture);
  const inApp = async () => {
    const open = await newPage(ctx);
    try {
      const { page } = open;
      const fetched = decoderFetched(page);
      await page.goto(ctx.kiln.url);
      await page
        .locator('[data-testid="viewer"][data-gl-geometries]')
        .waitFor({ state: 'attached' });
      await preload(page, await ctx.kiln.publish(plain), plain.name);
      await preload(page, appUrl, 'first.glb');
      await preload(page, appUrl, 'second.glb');
      await idleUntilDecoder(page, fetched);
      const openOne = (name: string) =>
        page.evaluate(async (n) => {
          const b = window.__bench!;
          b.drain();
          const since = b.drop(n);
          await b.waitViewer('ready', n, since);
          b.drain();
          return performance.now() - since;
        }, name);
      await openOne(plain.name);
      await waitQuiet(page);
      const first = await openOne('first.glb');
      await waitQuiet(page);
      const warm = await openOne('second.glb');
      return { first, warm };
    } finally {
      await open.close();
    }
  };
  // A fresh window per sample, each showing a first model (seconds of SwiftShader work for its
  // lighting and shaders): at most 3 samples. The decode-only rows above carry the full count.
  const app: Array<{ first: number; warm: number }> = [];
  for (let i = 0; i < Math.min(ctx.options.samples, 3); i++) app.push(await inApp());

  const label = `${Math.round(ctx.sizes.medium.triangles / 1000)}k Draco`;
  return {
    rows: [
      {
        bench: 'B4',
        metric: `decode ${label}: Kiln's first after start (idle-warmed) vs bare warm`,
        unit: 'ms',
        app: decode.app.map((x) => x.first),
        baseline: decode.baseline,
        target: '≤ 1.1×',
        check: { kind: 'ratio', max: 1.1 },
      },
      {
        bench: 'B4',
        metric: `decode ${label}: Kiln warm vs bare warm`,
        unit: 'ms',
        app: decode.app.map((x) => x.warm),
        baseline: decode.baseline,
        target: '≤ 1.1×',
        check: { kind: 'ratio', max: 1.1 },
      },
      {
        bench: 'B4',
        metric: `in Kiln: first ${label} model after start vs the same model warm (drop → frame on screen)`,
        unit: 'ms',
        app: app.map((x) => x.first),
        baseline: app.map((x) => x.warm),
        baselineLabel: 'Kiln warm',
        target: '≤ 1.1×',
        check: { kind: 'ratio', max: 1.1 },
      },
    ],
    details: { fixture: fixture.name },
  };
}
