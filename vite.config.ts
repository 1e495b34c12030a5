/**
 * One Vite config for the whole app: the renderer always; the Electron main process and preload
 * through vite-plugin-electron, except in `--mode web` (the browser host serves the renderer and
 * runs the core itself, so there is no Electron bundle to build).
 */
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';

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

export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  publicDir: 'public',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  plugins: [
    react(),
    mode === 'web'
      ? []
      : electron([
          {
            entry: 'electron/main/index.ts',
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
