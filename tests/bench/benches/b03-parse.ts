/**
 * B3 — GLB parse throughput on the same bytes: Kiln's loader module
 * (`renderer/src/viewer/loading/gltf-loaders.ts`, what the viewer's `loadModel` calls) against a bare
 * `new GLTFLoader().parseAsync`, in the parse harness page. Both pages stay open; each sample is
 * the mean of three parses of fresh copies of the bytes (textures decoded included), after one
 * untimed parse per page, app and bare alternating.
 */
import type { Page } from '@playwright/test';
import {
  alternate,
  fixtureUrl,
  newPage,
  type BenchContext,
  type BenchResult,
} from '../lib/context';
import { proceduralModel, type ModelSpec } from '../lib/fixtures';
import type { Row } from '../lib/report';

async function harness(ctx: BenchContext, impl: 'app' | 'bare') {
  const open = await newPage(ctx);
  await open.page.goto(`${ctx.pages.origin}/parse.html?impl=${impl}`);
  await open.page.waitForFunction(() => 'parseBench' in window);
  return open;
}

const parseOnce = (page: Page) => page.evaluate(() => window.parseBench.parse());

/** One sample: the mean of three parses (a single parse of the small model is a few ms). */
async function sample(page: Page): Promise<number> {
  let sum = 0;
  for (let i = 0; i < 3; i++) sum += await parseOnce(page);
  return sum / 3;
}

export async function b3(ctx: BenchContext): Promise<BenchResult> {
  const { small, medium, large } = ctx.sizes;
  const cases: Array<{ label: string; spec: ModelSpec }> = [
    { label: 'raw', spec: { ...small, format: 'webp', compression: 'raw' } },
    { label: 'raw', spec: { ...medium, format: 'webp', compression: 'raw' } },
    { label: 'raw', spec: { ...large, format: 'webp', compression: 'raw' } },
    { label: 'PNG texture', spec: { ...medium, format: 'png', compression: 'raw' } },
    { label: 'meshopt', spec: { ...medium, format: 'webp', compression: 'meshopt' } },
    { label: 'Draco, warm', spec: { ...medium, format: 'webp', compression: 'draco' } },
  ];
  const app = await harness(ctx, 'app');
  const bare = await harness(ctx, 'bare');
  const rows: Row[] = [];
  try {
    for (const { label, spec } of cases) {
      const fixture = await proceduralModel(spec);
      const url = fixtureUrl(ctx, fixture);
      for (const page of [app.page, bare.page]) {
        await page.evaluate((u) => window.parseBench.load(u), url);
        await parseOnce(page);
      }
      const s = await alternate(
        ctx.options.samples,
        () => sample(app.page),
        () => sample(bare.page),
      );
      const k = spec.triangles >= 1e6 ? `${spec.triangles / 1e6}M` : `${spec.triangles / 1e3}k`;
      rows.push({
        bench: 'B3',
        metric: `parse ${k} triangles, ${spec.texture / 1024}K ${spec.format.toUpperCase()} (${label}, ${(fixture.bytes / 1e6).toFixed(1)} MB)`,
        unit: 'ms',
        app: s.app,
        baseline: s.baseline,
        target: '≤ 1.05×',
        check: { kind: 'ratio', max: 1.05 },
      });
    }
  } finally {
    await app.close();
    await bare.close();
  }
  return { rows };
}
