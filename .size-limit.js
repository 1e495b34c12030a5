/**
 * Bundle budgets of the renderer, checked by `size-limit` on every `npm test` (after the build of
 * `test:e2e`): the entry chunk with the chunks it imports statically (what loads before the first
 * screen) and the viewer chunk with what it loads beyond them, gzip, at most 10 % over their
 * figures when the budgets were set (issue 29; bench B7 compares the same two against bare
 * pages). Vite names chunks by content hash and by whichever module it split out, so the files
 * are found the way the browser finds them: from `index.html`'s module script and the static
 * imports of each chunk.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DIR = 'dist/renderer';
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;

function closure(assets, file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const m of readFileSync(path.join(assets, file), 'utf8').matchAll(STATIC_IMPORT)) {
    closure(assets, path.basename(m[1]), into);
  }
  return into;
}

function chunks() {
  const html = readFileSync(path.join(DIR, 'index.html'), 'utf8');
  const src = html.match(/<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/)?.[1];
  if (!src) throw new Error(`${DIR}/index.html has no module script: build first`);
  const assets = path.join(DIR, path.dirname(src));
  const entry = closure(assets, path.basename(src));
  // `viewer-` and Vite's 8-character hash only: chunks split out of the viewer are named after
  // their first module (`viewer-keys-…`), as tests/bench/benches/b07-bundle.ts says too.
  const viewer = readdirSync(assets).find((f) => /^viewer-[\w-]{8}\.js$/.test(f));
  if (!viewer) throw new Error(`no viewer chunk in ${assets}`);
  const beyond = [...closure(assets, viewer)].filter((f) => !entry.has(f));
  const paths = (files) => [...files].map((f) => path.join(assets, f));
  return { entry: paths(entry), viewer: paths(beyond) };
}

const { entry, viewer } = chunks();

export default [
  // The figures of 2026-11-28 (issue 29: the library's slice, the header's commands, the app
  // notices, Create's starts and the viewer's open menu became chunks of their own) were
  // 100.94 kB and 315 kB (size-limit's kB of 1,000 bytes, its own gzip); the limits leave ~4 %
  // of room, so a change that adds a feature's worth to what loads first says so here, with its
  // figures, in the commit that does it (git log -p .size-limit.js has the history).
  { name: 'entry chunk + static imports', path: entry, gzip: true, limit: '105 kB' },
  { name: 'viewer chunk beyond the entry', path: viewer, gzip: true, limit: '327 kB' },
];
