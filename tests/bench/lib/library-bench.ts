/**
 * The 20,000-model library of B8 and B15: Kiln's own host with its sandbox seeded, and the bare
 * `@tanstack/react-virtual` grid (`baselines/library-grid.ts`) served beside it with the
 * sandbox's own rows as static JSON, so both sides show the same data.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { EMBEDDED_SANDBOX_KEY, EMBEDDED_SANDBOX_URL } from '../../../electron/sandbox';
import { ROOT, type KilnHost } from './app';
import { newPage, startKiln, type BenchContext, type OpenPage } from './context';
import { serveStatic, type StaticServer } from './static-server';

/** Models in the library. */
export const MODELS = 20_000;

/** A grid's size in CSS pixels (Kiln's is learnt first; the baseline gets the same). */
export interface GridSize {
  readonly w: number;
  readonly h: number;
}

/** The running library bench: Kiln's host, the baseline pages, and how to open each. */
export interface LibraryBench {
  readonly kiln: KilnHost;
  /** Opens the bare grid at `size`, ready for `window.__showGrid()`. */
  openBare(ctx: BenchContext, size: GridSize): Promise<OpenPage>;
  close(): Promise<void>;
}

/** The size of the page's library grid. */
export function gridSize(open: OpenPage): Promise<GridSize> {
  return open.page.evaluate(() => {
    const el = document.querySelector('[data-testid="library-grid"]')!;
    return { w: el.clientWidth, h: el.clientHeight };
  });
}

/** Starts Kiln's host with the library and serves the baseline with the same rows. */
export async function startLibraryBench(): Promise<LibraryBench> {
  const pagesDir = await buildBaseline();
  const pages = await serveStatic({ '/': pagesDir });
  // The sandbox's own 60/min limiter is lifted only so the bench can copy its 100 pages for the
  // baseline quickly; Kiln's core still keeps its own budget (55/min) as with the real service.
  const kiln = await startKiln({ sandbox: { seedModels: MODELS, requestsPerMinute: 1_000_000 } });
  const close = async () => {
    await kiln.close();
    await pages.close();
    await rm(pagesDir, { recursive: true, force: true });
  };
  try {
    await kiln.host.sandbox!.ready();
    await writeBaselineData(kiln, pagesDir);
  } catch (error) {
    await close();
    throw error;
  }
  return { kiln, openBare: (ctx, size) => openBare(ctx, pages, size), close };
}

async function openBare(ctx: BenchContext, pages: StaticServer, size: GridSize) {
  const open = await newPage(ctx);
  await open.page.goto(`${pages.origin}/library-grid.html?w=${size.w}&h=${size.h}`);
  await open.page.waitForFunction(() => '__showGrid' in window);
  return open;
}

/** Writes the sandbox's pages of 200 rows (Kiln's page size) as static JSON beside the baseline. */
async function writeBaselineData(
  kiln: Awaited<ReturnType<typeof startKiln>>,
  pagesDir: string,
): Promise<void> {
  const dir = path.join(pagesDir, 'b08');
  await mkdir(dir, { recursive: true });
  const sandbox = kiln.host.sandbox!;
  const get = (p: string) =>
    sandbox.handle(
      new Request(`${EMBEDDED_SANDBOX_URL}${p}`, {
        headers: { authorization: `Bearer ${EMBEDDED_SANDBOX_KEY}` },
      }),
    );
  let thumbnail: string | undefined;
  for (let page = 1; page <= MODELS / 200; page++) {
    const body = (await (await get(`/library?limit=200&page=${page}`)).json()) as {
      items: Array<{ model_id: string; name: string; thumbnail_url: string }>;
      total: number;
    };
    thumbnail ??= body.items[0]!.thumbnail_url;
    // Whole rows, as the service sent them: the baseline holds the same data Kiln holds.
    const items = body.items;
    await writeFile(
      path.join(dir, `page-${page}.json`),
      JSON.stringify({ items, total: body.total }),
    );
  }
  const bytes = new Uint8Array(await (await get(new URL(thumbnail!).pathname)).arrayBuffer());
  await writeFile(path.join(dir, 'thumb.webp'), bytes);
}

/**
 * Builds the baseline page into a folder of this run's own (the shared build folder in the
 * system temp is rebuilt by any other bench run on the machine).
 */
async function buildBaseline(): Promise<string> {
  const outDir = path.join(os.tmpdir(), `kiln-bench-b08-${process.pid}`);
  await build({
    configFile: false,
    root: path.join(ROOT, 'tests', 'bench', 'baselines'),
    base: './',
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: { grid: path.join(ROOT, 'tests', 'bench', 'baselines', 'library-grid.html') },
      },
    },
  });
  return outDir;
}
