/**
 * One Vite config for the whole app: the renderer always; the Electron main process and preload
 * through vite-plugin-electron, except in `--mode web` (the browser host serves the renderer and
 * runs the core itself, so there is no Electron bundle to build).
 */
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';
import { lingui } from '@lingui/vite-plugin';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
// Native and Node-only dependencies stay outside the main bundle and load from node_modules.
const external = [
  'electron',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
];

/**
 * A `<link>` in `index.html`'s head to a built file, relative (the app protocol in Electron, the
 * host in a browser) and fetched in CORS mode, as the page's own module and font requests are
 * (a preload made otherwise would not be used, and the file fetched twice).
 */
function headLink(file: string, attrs: Record<string, string>) {
  return {
    tag: 'link',
    attrs: { ...attrs, crossorigin: true, href: `./${file}` },
    injectTo: 'head' as const,
  };
}

/**
 * Lets the browser fetch and compile the lazy viewer chunk (three.js, R3F: most of the app's
 * code) while it parses the entry, instead of only when the entry's code asks for it: a
 * `<link rel="modulepreload">` in `index.html`. The chunk stays lazy (it is not evaluated
 * before the entry imports it), so the entry still holds no three.js.
 */
function preloadViewerChunk(): Plugin {
  return {
    name: 'kiln:preload-viewer-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const viewer = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isDynamicEntry && c.name === 'viewer',
        );
        if (!viewer || viewer.type !== 'chunk') {
          throw new Error('kiln:preload-viewer-chunk: no lazy "viewer" chunk');
        }
        // With the chunks it imports (shared with the viewer's own lazy panels), which the entry
        // does not load already: fetched in parallel instead of after the viewer chunk's parse.
        const entryFiles = new Set(
          Object.values(ctx.bundle ?? {}).flatMap((c) =>
            c.type === 'chunk' && c.isEntry ? [c.fileName, ...c.imports] : [],
          ),
        );
        return [viewer.fileName, ...viewer.imports]
          .filter((file) => !entryFiles.has(file))
          .map((file) => headLink(file, { rel: 'modulepreload' }));
      },
    },
  };
}

/**
 * Lets the browser fetch Inter's Latin face (`@fontsource-variable/inter`, shipped with the app)
 * while it parses `index.html`: a `<link rel="preload">`. Requested by the stylesheet, it came
 * only once the first screen was laid out, and on a busy machine after its first paint: the
 * header's text then narrowed as the fallback font gave way (the billing bar by 20 px).
 */
function preloadAppFont(): Plugin {
  return {
    name: 'kiln:preload-app-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'asset' && c.names[0] === 'inter-latin-wght-normal.woff2',
        );
        if (!font) throw new Error('kiln:preload-app-font: no Inter Latin font among the assets');
        return [headLink(font.fileName, { rel: 'preload', as: 'font', type: 'font/woff2' })];
      },
    },
  };
}

/** The modules the page's entry imports statically, directly or not (filled as the build ends). */
const shell = new Set<string>();

/**
 * Collects the entry's static closure into `shell` once the module graph is known, for the
 * `shell` chunk group: the group's test runs when the chunks are made, after `buildEnd`.
 * CSS stays where Vite puts it (one stylesheet per chunk that imports it).
 */
function collectShell(): Plugin {
  return {
    name: 'kiln:collect-shell',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const ids = [...this.getModuleIds()];
      const visit = (id: string) => {
        if (shell.has(id) || /\.css($|\?)/.test(id)) return;
        shell.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      // The page's own script (main.tsx) stays the entry chunk: from what it imports on.
      const scripts = ids.flatMap((id) =>
        this.getModuleInfo(id)?.isEntry ? (this.getModuleInfo(id)?.importedIds ?? []) : [],
      );
      for (const script of scripts) {
        for (const next of this.getModuleInfo(script)?.importedIds ?? []) visit(next);
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  publicDir: 'public',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // Electron's Chromium (and the browser host's) support `<link rel="modulepreload">`: the
    // polyfill would only add to the entry chunk (bench B7).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the entry needs before its first paint, in one chunk instead of one per set of
        // importers (the lazy chunks share many of those modules, and Rolldown split them into
        // a dozen small chunks): fewer, larger files that gzip better. Bench B7: 110.9 KiB
        // before, 108.9 KiB after; the stylesheets keep their order.
        codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shell.has(id) }] },
      },
    },
  },
  plugins: [
    // Lingui's macros (`<Trans>`, `t`, `msg`) compiled natively, and `.po` catalogs compiled on
    // import, so no generated catalog is committed (docs/i18n.md).
    lingui({ macroTransform: true }),
    react(),
    collectShell(),
    preloadViewerChunk(),
    preloadAppFont(),
    mode === 'web'
      ? []
      : electron([
          {
            entry: 'electron/main/index.ts',
            vite: {
              root: '.',
              // The main process's catalogs (menu, dialogs, notifications) are `.po` files
              // compiled on import, as the renderer's (electron/core/i18n/catalogs.ts).
              plugins: [lingui()],
              build: {
                outDir: 'dist-electron/main',
                rolldownOptions: { external, output: { format: 'es' } },
              },
            },
          },
          {
            // The compatible-GLB conversion's worker thread (`electron/core/convert/converter.ts`)
            // is a file of its own beside the main bundle: `new Worker(url)` loads it by path.
            entry: 'electron/core/convert/convert-worker.ts',
            // A worker file changing needs no restart: the next conversion starts a new worker.
            onstart: () => {},
            vite: {
              root: '.',
              build: {
                outDir: 'dist-electron/main',
                rolldownOptions: { external, output: { format: 'es' } },
              },
            },
          },
          {
            // The built-in sandbox's model generator (`electron/sandbox/generate/
            // generator-thread.ts`): a worker thread, so making a model never stalls main.
            entry: 'electron/sandbox/generate/generate-worker.ts',
            onstart: () => {},
            vite: {
              root: '.',
              build: {
                outDir: 'dist-electron/main',
                rolldownOptions: { external, output: { format: 'es' } },
              },
            },
          },
          {
            // Sandboxed preloads cannot be ES modules. The plugin derives lib mode's format from
            // package.json's "type": "module", so lib mode is switched off and the CommonJS
            // output is set directly.
            entry: 'electron/preload/index.ts',
            onstart: ({ reload }) => reload(),
            vite: {
              root: '.',
              build: {
                outDir: 'dist-electron/preload',
                lib: false,
                rolldownOptions: {
                  input: 'electron/preload/index.ts',
                  external: ['electron'],
                  output: { format: 'cjs', entryFileNames: 'index.cjs' },
                },
              },
            },
          },
        ]),
  ],
}));
