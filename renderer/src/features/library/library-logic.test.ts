import { describe, expect, it } from 'vitest';
import { KilnError } from '../../../../shared/ipc/errors';
import {
  doneJobCount,
  flattenTree,
  isOffline,
  libraryErrorText,
  libraryOrder,
  libraryQuery,
  nameSortProblem,
  needsWebsitePlan,
  offlineRows,
  versionTree,
} from './library-logic';
import { versionName } from './version-label';
import { NO_FILTERS } from './library-initial';

describe('library logic', () => {
  it('sends only the filters that are on; has_versions only with families', () => {
    expect(libraryQuery(NO_FILTERS, 3)).toEqual({ page: 3, limit: 200 });
    expect(
      libraryQuery({ ...NO_FILTERS, search: '  mug ', published: true, hasVersions: true }, 1),
    ).toEqual({ page: 1, limit: 200, search: 'mug', published: true });
    expect(libraryQuery({ ...NO_FILTERS, families: true, hasVersions: true }, 1)).toMatchObject({
      group: 'family',
      hasVersions: true,
    });
  });

  it('tells no network from a refused key or a missing model', () => {
    expect(isOffline(new KilnError('connection_failed', 'x'))).toBe(true);
    expect(isOffline(new KilnError('invalid_api_key', 'x'))).toBe(false);
    expect(libraryErrorText(new KilnError('invalid_api_key', 'Refused.'))).toContain(
      'Account → Keys',
    );
    expect(libraryErrorText(new KilnError('not_found', 'Gone.'))).toContain('404');
  });

  it('builds the version tree from parent ids; an orphan hangs from the original', () => {
    const tree = versionTree([
      { modelId: 'a', version: 1, kind: 'generation', parentId: null },
      { modelId: 'b', version: 2, kind: 'retexture', parentId: 'a' },
      { modelId: 'c', version: 3, kind: 'rig', parentId: 'b' },
      { modelId: 'd', version: 4, kind: 'parts', parentId: 'a' },
      { modelId: 'e', version: 5, kind: 'parts', parentId: 'missing' },
    ]);
    expect(flattenTree(tree).map((n) => [n.item.modelId, n.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 1],
      ['e', 1],
    ]);
  });

  it('filters the offline cache by name, newest first', () => {
    const rows = offlineRows(
      [
        { modelId: 'a', name: 'Teapot 1', createdAt: '2026-01-01T00:00:00Z', bytes: 1 },
        { modelId: 'b', name: 'Mug', createdAt: '2026-02-01T00:00:00Z', bytes: 1 },
        { modelId: 'c', name: 'teapot 2', createdAt: '2026-03-01T00:00:00Z', bytes: 1 },
      ],
      'TEAPOT',
    );
    expect(rows.map((r) => r.modelId)).toEqual(['c', 'a']);
    expect(rows.every((r) => r.cached)).toBe(true);
  });

  it('knows which operations website models need a plan for', () => {
    expect(needsWebsitePlan({ source: 'website' }, 'export')).toBe(true);
    expect(needsWebsitePlan({ source: 'website' }, 'open')).toBe(true);
    expect(needsWebsitePlan({ source: 'website' }, 'rig')).toBe(false);
    expect(needsWebsitePlan({ source: 'api' }, 'export')).toBe(false);
  });
});

describe('versionName', () => {
  it('names a version as the user knows it', () => {
    expect(versionName({ modelId: 'm2', name: 'coffee', version: 2, kind: 'retexture' })).toBe(
      'coffee · v2 Retexture',
    );
    expect(versionName({ modelId: 'm1', name: 'coffee' })).toBe('coffee · Original');
  });
});

describe('libraryOrder', () => {
  const row = (n: number) => ({ modelId: `m${n}`, name: `Model ${n}` });
  // 450 rows newest first: m449 … m0, in pages of 200.
  const all = Array.from({ length: 450 }, (_, i) => row(449 - i));
  const pages = { 1: all.slice(0, 200), 2: all.slice(200, 400), 3: all.slice(400) };

  it('newest first is the service order', () => {
    const order = libraryOrder('newest', pages, 450);
    expect(order.rowAt(0)?.modelId).toBe('m449');
    expect(order.serviceRange(10, 20)).toEqual([10, 20]);
    expect(order.indexOf('m0')).toBe(449);
  });

  it('oldest first reads the same pages from the end', () => {
    const order = libraryOrder('oldest', { 3: pages[3] }, 450);
    expect(order.rowAt(0)?.modelId).toBe('m0');
    expect(order.rowAt(49)?.modelId).toBe('m49');
    expect(order.rowAt(50)).toBeUndefined();
    expect(order.serviceRange(0, 19)).toEqual([430, 449]);
    expect(order.indexOf('m3')).toBe(3);
  });

  it('by name once every page is here (numbers in names in numeric order)', () => {
    expect(libraryOrder('name', { 1: pages[1] }, 450).rowAt(0)).toBeUndefined();
    const order = libraryOrder('name', pages, 450);
    expect([0, 1, 2, 9, 10].map((i) => order.rowAt(i)?.name)).toEqual([
      'Model 0',
      'Model 1',
      'Model 2',
      'Model 9',
      'Model 10',
    ]);
    expect(order.serviceRange(0, 5)).toEqual([0, 449]);
    expect(order.indexOf('m100')).toBe(100);
  });

  it('offers the name order only for a list it can read whole', () => {
    expect(nameSortProblem(1000, false)).toBeUndefined();
    expect(nameSortProblem(20_000, false)).toContain('search or filter down to 1,000 models');
    expect(nameSortProblem(20_000, true)).toBeUndefined();
  });
});

describe('doneJobCount', () => {
  it('counts finished jobs that added a model, not exports or other files of a model', () => {
    const jobs = [
      { state: 'done', modelId: 'm1' }, // a generation
      { state: 'done', modelId: 'm3', sourceModelId: 'm1' }, // a retexture or rig: a new version
      { state: 'done', modelId: 'm1', sourceModelId: 'm1' }, // an export of m1
      { state: 'done', sourceModelId: 'm1' }, // a file of m1, no model
      { state: 'processing', modelId: 'm4' },
      { state: 'failed', modelId: 'm5', sourceModelId: 'm1' },
    ];
    expect(doneJobCount(jobs)).toBe(2);
  });
});
