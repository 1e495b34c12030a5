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
  const viewer = readdirSync(assets).find((f) => /^viewer-.*\.js$/.test(f));
  if (!viewer) throw new Error(`no viewer chunk in ${assets}`);
  const beyond = [...closure(assets, viewer)].filter((f) => !entry.has(f));
  const paths = (files) => [...files].map((f) => path.join(assets, f));
  return { entry: paths(entry), viewer: paths(beyond) };
}

const { entry, viewer } = chunks();

export default [
  // 99.2 kB and 302.7 kB (size-limit's kB of 1,000 bytes) after issue 29, + 10 %.
  // Issue 32: + 4.3 kB for Lingui's runtime (@lingui/core + @lingui/react; the entry measured
  // 108.65 kB before, 112.87 kB after; catalogs are lazy chunks of their own), then 113.95 kB with
  // the Language setting, the formatting module and the model formats list; 114.81 kB with the
  // resizable panels' layout (their handles load when idle); 115.87 kB once Create, the first
  // screen, speaks through Lingui (message ids and calls; the catalogs are lazy): + 0.6 kB of room.
  // Issue 31's Undo: 116.45 kB before, 117.41 kB after (the undo stack and its notice, Create's
  // and the library's restore steps; the notice as a lazy chunk saved only 50 B). Issue 31's
  // right-click menus: + 0.48 kB (the Activity list's one listener, where a menu opens, and the
  // page's own notices; the menus themselves are chunks fetched on the first right-click).
  // Issue 29, the entry won back: 117.76 kB before, 113.53 kB after (Create's Views/Text/
  // Retexture flows, Activity's job rows and update card, the caption's file actions, the
  // welcome's key form and the text fields' menu items as chunks fetched at idle or on first
  // use; no modulepreload polyfill), 111.55 kB with what the entry needs in one `shell` chunk
  // instead of a dozen small ones (vite.config.ts): + 0.65 kB of room.
  // + 0.44 kB (112.02 → 112.46 kB) for the words of job labels, model versions and named keys
  // (issue 32: the walk found them English in German). + 0.26 kB (112.46 → 112.72 kB): Redo
  // (issue 31: its command, the stack's redo and the two features' redo steps), the payment
  // notice's words in the artist's language, and the photo card starting its check (issue 33;
  // its preview is in the preflight's chunk).
  // The app's icons by their own modules, not lucide's index (ui/Icon.tsx): the viewer's icons
  // left the entry, 112.72 → 110.27 kB.
  { name: 'entry chunk + static imports', path: entry, gzip: true, limit: '110.6 kB' },
  { name: 'viewer chunk beyond the entry', path: viewer, gzip: true, limit: '333 kB' },
];
