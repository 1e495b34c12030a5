/**
 * The renderer's structure as ARCHITECTURE.md draws it: no import cycle, and the arrows between
 * its folders pointing one way.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arrows, cycles, importGraph } from './import-graph';

const graph = importGraph(fileURLToPath(new URL('../../renderer/src', import.meta.url)));

const folder = (path: string) => path.split('/')[0]!;
const isSlice = (path: string) => /-slice\.ts$/.test(path);
/** `features/<name>`, or the top folder (`app`, `viewer`, …). */
const owner = (path: string) =>
  path.startsWith('features/') ? path.split('/').slice(0, 2).join('/') : folder(path);

describe('renderer structure', () => {
  it('reads the whole renderer', () => {
    expect(graph.get('main.tsx')).toContain('store/app-store.ts');
    expect(graph.get('app/ViewerPanel.tsx')).toContain('viewer/index.ts');
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('store/ reaches up into the features only where it combines their slices', () => {
    const combination = 'store/app-store.ts';
    expect(
      arrows(
        graph,
        (from) => folder(from) === 'store' && from !== combination,
        (to) => folder(to) !== 'store',
      ),
    ).toEqual([]);
    expect(
      arrows(
        graph,
        (from) => from === combination,
        (to) => folder(to) !== 'store' && !isSlice(to),
      ),
    ).toEqual([]);
  });

  it('a feature reaches another feature’s state through the store, never by importing its slice', () => {
    expect(
      arrows(
        graph,
        (from) => folder(from) !== 'store',
        (to, from) => isSlice(to) && owner(to) !== owner(from),
      ),
    ).toEqual([]);
  });

  it('the viewer and the shared widgets know nothing of the app around them', () => {
    const app = new Set(['app', 'features', 'store']);
    expect(
      arrows(
        graph,
        (from) => ['viewer', 'ui'].includes(folder(from)) && from !== 'viewer/viewer-slice.ts',
        (to) => app.has(folder(to)),
      ),
    ).toEqual([]);
  });

  it('the viewer’s rooms are layers: the scene over loading over inspection, never upward', () => {
    // The scene composes a loaded model with the inspection tools; loading prepares a model and
    // reads its inspection facts; inspection knows neither. What they all share (the render
    // layers, the viewer's types and settings) lives beside them in viewer/.
    const ROOMS = ['scene', 'loading', 'inspect'];
    const room = (path: string) => (path.startsWith('viewer/') ? path.split('/')[1]! : '');
    const rank = (path: string) => ROOMS.indexOf(room(path));
    expect(ROOMS.every((r) => [...graph.keys()].some((m) => m.startsWith(`viewer/${r}/`)))).toBe(
      true,
    );
    expect(
      arrows(
        graph,
        (from) => rank(from) >= 0,
        (to, from) => rank(to) >= 0 && rank(to) < rank(from),
      ),
    ).toEqual([]);
  });
});
