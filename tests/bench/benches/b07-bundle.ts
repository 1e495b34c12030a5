/**
 * B7 — bundle: Kiln's entry chunk and viewer chunk, gzip, against Vite builds of a minimal React
 * page (entry) and a minimal R3F + drei viewer lazy-loaded from it (viewer chunk).
 *
 * A chunk's size counts the chunks it imports statically (what must load before it runs); the
 * viewer's counts only what the entry has not already loaded. The entry must hold no three.js
 * (three's runtime messages all start with `THREE.`).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDERER_DIR } from '../lib/app';
import { buildBundleBaseline } from '../lib/build';
import type { BenchContext, BenchResult } from '../lib/context';

interface Bundle {
  entryKb: number;
  entryHasThree: boolean;
  viewerKb: number;
  entryFiles: string[];
  viewerFiles: string[];
  otherKb: Record<string, number>;
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;

async function measure(dir: string, viewerName: RegExp): Promise<Bundle> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const src = html.match(/<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/)?.[1];
  if (!src) throw new Error(`${dir}/index.html has no module script`);
  const assets = path.join(dir, path.dirname(src));
  const text = new Map<string, string>();
  const read = async (file: string) => {
    if (!text.has(file)) text.set(file, await readFile(path.join(assets, file), 'utf8'));
    return text.get(file)!;
  };
  const closure = async (file: string, into = new Set<string>()): Promise<Set<string>> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const m of (await read(file)).matchAll(STATIC_IMPORT)) {
      await closure(path.basename(m[1]!), into);
    }
    return into;
  };
  const gzKb = async (files: Iterable<string>) => {
    let bytes = 0;
    for (const f of files) bytes += gzipSync(await read(f), { level: 9 }).length;
    return bytes / 1024;
  };
  const entryFiles = await closure(path.basename(src));
  const files = await readdir(assets);
  const viewer = files.find((f) => viewerName.test(f) && f.endsWith('.js'));
  if (!viewer) throw new Error(`no viewer chunk in ${assets}`);
  const viewerFiles = [...(await closure(viewer))].filter((f) => !entryFiles.has(f));
  let entryHasThree = false;
  for (const f of entryFiles) if ((await read(f)).includes('THREE.')) entryHasThree = true;
  const otherKb: Record<string, number> = {};
  for (const f of files) {
    if (entryFiles.has(f) || viewerFiles.includes(f) || !/\.(js|wasm)$/.test(f)) continue;
    otherKb[f] = gzipSync(await readFile(path.join(assets, f)), { level: 9 }).length / 1024;
  }
  return {
    entryKb: await gzKb(entryFiles),
    entryHasThree,
    viewerKb: await gzKb(viewerFiles),
    entryFiles: [...entryFiles],
    viewerFiles,
    otherKb,
  };
}

/**
 * The lazy viewer chunk (Kiln's `viewer`, the baseline's `Viewer`): its name and Vite's
 * 8-character hash, nothing more (chunks split out of it are named after their first module:
 * `viewer-keys-…`, `viewer-settings-…`).
 */
export const VIEWER_CHUNK = /^viewer-[\w-]{8}\.js$/i;

export async function b7(ctx: BenchContext): Promise<BenchResult> {
  ctx.log('  building the bundle baseline…');
  const kiln = await measure(RENDERER_DIR, VIEWER_CHUNK);
  const base = await measure(await buildBundleBaseline(), VIEWER_CHUNK);
  return {
    rows: [
      {
        bench: 'B7',
        metric: 'entry chunk (+ its static imports), gzip',
        unit: 'kB',
        app: [kiln.entryKb],
        baseline: [base.entryKb],
        baselineLabel: 'minimal React page',
        target: '≤ 1.5×',
        check: { kind: 'ratio', max: 1.5 },
      },
      {
        bench: 'B7',
        metric: 'three.js in the entry chunk',
        unit: '',
        app: [kiln.entryHasThree ? 1 : 0],
        baseline: null,
        baselineLabel: '—',
        target: 'none (0)',
        check: { kind: 'app-max', max: 0 },
      },
      {
        bench: 'B7',
        metric: 'viewer chunk (what it loads beyond the entry), gzip',
        unit: 'kB',
        app: [kiln.viewerKb],
        baseline: [base.viewerKb],
        baselineLabel: 'minimal R3F + drei viewer',
        target: '≤ 1.1×',
        check: { kind: 'ratio', max: 1.1 },
      },
    ],
    details: { kiln, baseline: base },
  };
}
