// @ts-check
/**
 * ESLint rule `kiln/layers`: enforces the process/layer table of the design guide.
 *
 * Each import is resolved (relative paths against the importing file) and checked against the
 * rules of the importing file's layer, so `../../electron/core/x` is caught as surely as a bare
 * `electron`. A wrong import fails lint with the sentence of the guide it breaks.
 */
import path from 'node:path';
import { builtinModules } from 'node:module';

const root = path.resolve(import.meta.dirname, '..', '..');
const builtins = new Set(builtinModules);

/** @param {string} source */
const isNodeBuiltin = (source) => source.startsWith('node:') || builtins.has(source.split('/')[0]);
/** @param {string} source */
const isElectron = (source) => source === 'electron' || source.startsWith('electron/');
/** @param {string} source */
const isUiLibrary = (source) =>
  /^(react|react-dom|three|zustand)(\/|$)/.test(source) || source.startsWith('@react-three/');

/**
 * @typedef {{ kind: 'module', source: string } | { kind: 'file', rel: string }} Target
 * @typedef {{ layer: string, test: (file: string) => boolean, forbid: Array<(t: Target, file: string) => string | undefined> }} Layer
 */

/** @param {string} prefix @param {string} why */
const noFolder = (prefix, why) => /** @param {Target} t */ (t) =>
  t.kind === 'file' && (t.rel === prefix || t.rel.startsWith(prefix + '/')) ? why : undefined;
/** @param {string} file */
const isTest = (file) => /\.test\.tsx?$/.test(file);
/** @param {(s: string) => boolean} test @param {string} why */
const noModule = (test, why) => /** @param {Target} t */ (t) =>
  t.kind === 'module' && test(t.source) ? why : undefined;

const electronOnlyInShell = noModule(
  isElectron,
  'only electron/main and electron/preload import `electron`',
);
const noNode = noModule(isNodeBuiltin, 'Node built-ins are not available in this layer');

/** @type {Layer[]} */
const layers = [
  {
    layer: 'shared/',
    test: (f) => f.startsWith('shared/'),
    forbid: [
      electronOnlyInShell,
      noNode,
      noModule(isUiLibrary, 'shared/ stays free of React, three and zustand'),
      noFolder('electron', 'shared/ must not import from electron/'),
      noFolder('renderer', 'shared/ must not import from renderer/'),
    ],
  },
  {
    layer: 'electron/core/',
    test: (f) => f.startsWith('electron/core/'),
    forbid: [
      electronOnlyInShell,
      noModule(
        (s) => s.startsWith('electron-store'),
        'electron-store is an adapter of electron/main',
      ),
      // electron-updater loads Electron: main passes it in; tests run it against a local feed.
      (t, file) =>
        isTest(file)
          ? undefined
          : noModule(
              (s) => s.startsWith('electron-updater'),
              'electron-updater is an adapter of electron/main (the core gets an UpdateSource)',
            )(t),
      noModule(isUiLibrary, 'the core is not UI code'),
      noFolder('electron/main', 'the core must not depend on the Electron shell'),
      // Integration tests run the real client against the sandbox (design guide §6).
      (t, file) =>
        isTest(file)
          ? undefined
          : noFolder('electron/sandbox', 'the core reaches the sandbox only through ports')(t),
      noFolder('electron/host', 'the core must not depend on the browser host'),
      noFolder('renderer', 'the core must not import renderer code'),
    ],
  },
  {
    layer: 'electron/sandbox/',
    test: (f) => f.startsWith('electron/sandbox/'),
    forbid: [
      electronOnlyInShell,
      // Its tests open the sandbox's files with three.js importers, as a user's tools would.
      (t, file) => (isTest(file) ? undefined : noModule(isUiLibrary, 'the sandbox is a server')(t)),
      noFolder('electron/core', 'the sandbox is a separate service; share types through shared/'),
      noFolder('electron/main', 'the sandbox must not depend on the Electron shell'),
      noFolder('electron/host', 'the sandbox must not depend on the browser host'),
      noFolder('renderer', 'the sandbox must not import renderer code'),
    ],
  },
  {
    // Plain Node helpers the core and the sandbox share (a worker thread's queue): below both.
    layer: 'electron/threads/',
    test: (f) => f.startsWith('electron/threads/'),
    forbid: [
      electronOnlyInShell,
      noModule(isUiLibrary, 'electron/threads is plain Node'),
      noFolder('electron/core', 'electron/threads sits below the core and the sandbox'),
      noFolder('electron/sandbox', 'electron/threads sits below the core and the sandbox'),
      noFolder('electron/main', 'electron/threads sits below the Electron shell'),
      noFolder('electron/host', 'electron/threads sits below the browser host'),
      noFolder('renderer', 'electron/threads must not import renderer code'),
    ],
  },
  {
    layer: 'electron/host/',
    test: (f) => f.startsWith('electron/host/'),
    forbid: [
      electronOnlyInShell,
      noModule(isUiLibrary, 'the host serves the built renderer; it does not import it'),
      noFolder('electron/main', 'the host replaces the Electron shell; it must not import it'),
      noFolder('renderer', 'the host serves the built renderer; it does not import it'),
    ],
  },
  {
    layer: 'electron/main/',
    test: (f) => f.startsWith('electron/main/'),
    forbid: [
      // The two hosts of the core are siblings: what both need lives in the core or the sandbox.
      noFolder(
        'electron/host',
        'the Electron shell and the browser host are siblings, never a base',
      ),
      noFolder('renderer', 'the main process must not import renderer code'),
    ],
  },
  {
    layer: 'electron/preload/',
    test: (f) => f.startsWith('electron/preload/'),
    forbid: [
      noNode,
      noFolder('electron/core', 'the sandboxed preload only bridges IPC'),
      noFolder('electron/main', 'the sandboxed preload only bridges IPC'),
      noFolder('electron/sandbox', 'the sandboxed preload only bridges IPC'),
      noFolder('electron/host', 'the sandboxed preload only bridges IPC'),
      noFolder('electron/threads', 'the sandboxed preload only bridges IPC'),
      noFolder('renderer', 'the preload must not import renderer code'),
    ],
  },
  {
    layer: 'renderer/',
    test: (f) => f.startsWith('renderer/'),
    forbid: [
      electronOnlyInShell,
      noNode,
      noFolder('electron', 'the renderer reaches the main process only through the bridge'),
    ],
  },
];

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer table of the design guide' },
    schema: [],
  },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const layer = layers.find((l) => l.test(file));
    if (!layer) return {};
    /** @param {import('estree').Node} node @param {unknown} raw */
    const check = (node, raw) => {
      if (typeof raw !== 'string') return;
      /** @type {Target} */
      const target = raw.startsWith('.')
        ? {
            kind: 'file',
            rel: path
              .relative(root, path.resolve(path.dirname(context.filename), raw))
              .split(path.sep)
              .join('/'),
          }
        : { kind: 'module', source: raw };
      for (const rule of layer.forbid) {
        const why = rule(target, file);
        if (why) {
          context.report({ node, message: `${layer.layer} may not import '${raw}': ${why}.` });
          return;
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
