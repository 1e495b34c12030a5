/**
 * The main process's structure as ARCHITECTURE.md draws it: no import cycle in `electron/` and
 * `shared/`, the layer table of the design guide (§1) held by every module (type imports
 * included), the two hosts of the core kept apart, and the sandbox reached through its entry.
 * ESLint's `kiln/layers` rule says the same import by import; this test reads the whole graph.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arrows, cycles, importGraph } from './import-graph';

const graph = importGraph(fileURLToPath(new URL('../..', import.meta.url)), ['electron', 'shared']);

/** `shared`, `renderer`, or the layer under `electron/` (`electron/core`, `electron/main`, …). */
const layer = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('electron/') ? 2 : 1)
    .join('/');

/** The design guide's table: what each layer may import besides itself. */
const mayImport: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  // Plain Node helpers below the core and the sandbox (a worker thread's queue).
  'electron/threads': ['shared'],
  'electron/core': ['shared', 'electron/threads'],
  'electron/sandbox': ['shared', 'electron/threads'],
  'electron/host': ['shared', 'electron/core', 'electron/sandbox', 'electron/threads'],
  // Everything in electron/ but the browser host: the two hosts of the core are siblings.
  'electron/main': [
    'shared',
    'electron/core',
    'electron/sandbox',
    'electron/threads',
    'electron/testing',
  ],
  'electron/preload': ['shared'],
  // The stand-in `electron` module of the shell's wiring tests.
  'electron/testing': ['shared'],
};

describe('electron structure', () => {
  it('reads the whole of electron/ and shared/', () => {
    expect(graph.get('electron/main/index.ts')).toContain('electron/core/services.ts');
    expect(graph.get('electron/host/host.ts')).toContain('electron/sandbox/index.ts');
    expect(graph.get('electron/sandbox/sandbox.ts')).toContain('electron/sandbox/http/app.ts');
    expect(graph.size).toBeGreaterThan(150);
    expect(Object.keys(mayImport).sort()).toEqual(
      [...new Set([...graph.keys()].map(layer))].sort(),
    );
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('every layer imports only what the design guide’s table allows', () => {
    expect(
      arrows(
        graph,
        () => true,
        (to, from) => layer(to) !== layer(from) && !mayImport[layer(from)]!.includes(layer(to)),
      ),
    ).toEqual([]);
  });

  it('the preload bridges the IPC contract and nothing else of shared/', () => {
    expect(
      arrows(
        graph,
        (from) => layer(from) === 'electron/preload',
        (to) => layer(to) === 'shared' && !to.startsWith('shared/ipc/'),
      ),
    ).toEqual([]);
  });

  it('electron/main and the browser host never import each other', () => {
    const hosts = ['electron/main', 'electron/host'];
    expect(
      arrows(
        graph,
        (from) => hosts.includes(layer(from)),
        (to, from) => hosts.includes(layer(to)) && layer(to) !== layer(from),
      ),
    ).toEqual([]);
  });

  it('the sandbox is reached through its entry, and its service knows nothing of HTTP', () => {
    const sandbox = 'electron/sandbox';
    expect(
      arrows(
        graph,
        (from) => layer(from) !== sandbox,
        (to) => layer(to) === sandbox && to !== `${sandbox}/index.ts`,
      ),
    ).toEqual([]);
    expect(
      arrows(
        graph,
        (from) => from.startsWith(`${sandbox}/service/`),
        (to) => to.startsWith(`${sandbox}/http/`),
      ),
    ).toEqual([]);
  });

  it('production code never imports test support (testing/ folders)', () => {
    const isSupport = (path: string) => path.split('/').includes('testing');
    expect(arrows(graph, (from) => !isSupport(from), isSupport)).toEqual([]);
  });
});
