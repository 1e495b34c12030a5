import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { JobView, LibraryListInput, LibraryPageView } from '../../../../shared/ipc/contract';
import { createKilnStore } from '../../store/app-store';
import { selectedModels } from './library-slice';
import { selectedCount } from './selection-state';

const done = (id: string): JobView => ({
  id,
  kind: 'photo',
  source: id,
  state: 'done',
  modelId: `model-${id}`,
  createdAt: 1,
  canCancel: false,
  canRetry: false,
});

/** A store whose `library:list` answers one page of `names`, and what it was asked. */
function storeWithLibrary(names: string[]) {
  const list = vi.fn(async (input: LibraryListInput): Promise<LibraryPageView> => ({
    items: names.map((name) => ({ modelId: `m-${name}`, name })),
    page: input?.page ?? 1,
    limit: 200,
    total: names.length,
  }));
  const bridge = { 'library:list': list } as unknown as Bridge;
  return { store: createKilnStore(bridge), list };
}

describe('library slice: page 1 listed ahead of the first visit', () => {
  it('lists page 1 once, and not again while it is listed or being listed', async () => {
    const { store, list } = storeWithLibrary(['Cup', 'Vase']);
    store.getState().setViewerState('empty');
    // The library's code is not in the entry chunk: the first prefetch brings it (and then
    // prefetches) but says "not yet"; the idle prefetch asks again.
    expect(store.getState().prefetchLibrary()).toBe(false);
    await store.getState().loadLibrary();
    expect(store.getState().prefetchLibrary()).toBe(true);
    expect(store.getState().prefetchLibrary()).toBe(true);
    await vi.waitFor(() => expect(store.getState().libTotal).toBe(2));
    expect(store.getState().prefetchLibrary()).toBe(true);
    expect(list).toHaveBeenCalledTimes(1);
    expect(store.getState().libPages[1]!.map((r) => r.name)).toEqual(['Cup', 'Vase']);
  });

  it('asks nothing before the viewer has mounted, or while it fetches or loads a model', () => {
    const { store, list } = storeWithLibrary(['Cup']);
    expect(store.getState().prefetchLibrary()).toBe(false);
    store.getState().setViewerState('loading');
    expect(store.getState().prefetchLibrary()).toBe(false);
    store.getState().setViewerState('ready');
    store.setState({ openingModelId: 'm1' });
    expect(store.getState().prefetchLibrary()).toBe(false);
    expect(list).not.toHaveBeenCalled();
  });

  it('notes the finished jobs page 1 was listed with, so a later one shows it is out of date', async () => {
    const { store } = storeWithLibrary(['Cup']);
    store.getState().setJobs([done('j1'), done('j2')]);
    store.getState().setViewerState('ready');
    store.getState().prefetchLibrary();
    await vi.waitFor(() => expect(store.getState().libTotal).toBe(1));
    expect(store.getState().libListedDone).toBe(2);
  });
});

describe('library slice: the model shown', () => {
  it('clicking the shown model again keeps its family listed', async () => {
    const family = { rootId: 'm1', versions: [{ modelId: 'm1', name: 'Cup' }] };
    const bridge = { 'library:versions': async () => family } as unknown as Bridge;
    const store = createKilnStore(bridge);
    store.getState().selectLibraryModel('m1');
    await store.getState().loadFamily({ modelId: 'm1', name: 'Cup' });
    expect(store.getState().libFamily).toEqual(family);
    store.getState().selectLibraryModel('m1');
    expect(store.getState().libFamily).toEqual(family);
    store.getState().selectLibraryModel('m2');
    expect(store.getState().libFamily).toBeUndefined();
  });
});

describe('library slice: the cache', () => {
  it('clearing the cache while offline empties the grid and its count', async () => {
    const saved = {
      models: [{ modelId: 'm1', name: 'Cup', bytes: 10 }],
      modelBytes: 10,
      thumbnailCount: 0,
      thumbnailBytes: 0,
    };
    const empty = { models: [], modelBytes: 0, thumbnailCount: 0, thumbnailBytes: 0 };
    const bridge = {
      'library:list': async () => {
        throw Object.assign(new Error('The service cannot be reached.'), { code: 'unreachable' });
      },
      'library:cacheInfo': async () => saved,
      'library:clearCache': async () => empty,
    } as unknown as Bridge;
    const store = createKilnStore(bridge);
    await store.getState().reloadLibrary();
    await vi.waitFor(() => expect(store.getState().libSource).toBe('offline'));
    expect(store.getState().libTotal).toBe(1);
    expect(store.getState().libError).toContain('Showing the 1 model saved on this computer');

    await store.getState().clearLibraryCache();
    expect(store.getState()).toMatchObject({ libSource: 'offline', libTotal: 0, libCache: empty });
    expect(store.getState().libPages[1]).toEqual([]);
    expect(store.getState().libError).toContain('cannot reach the service');
    expect(store.getState().libError).toContain('Showing the 0 models saved on this computer');
  });
});

/** A store over a library of `total` models (`m0` newest … ), paged by 200 as the service does. */
function storeWithRows(total: number) {
  const list = vi.fn(async (input: LibraryListInput): Promise<LibraryPageView> => {
    const page = input?.page ?? 1;
    const count = Math.max(0, Math.min(200, total - (page - 1) * 200));
    return {
      items: Array.from({ length: count }, (_, i) => {
        const n = (page - 1) * 200 + i;
        return { modelId: `m${n}`, name: `Model ${n}` };
      }),
      page,
      limit: 200,
      total,
    };
  });
  const bridge = { 'library:list': list } as unknown as Bridge;
  return { store: createKilnStore(bridge), list };
}

describe('library slice: the selection a batch runs on', () => {
  it('"Run a tool on N…" asks for a batch on the picked models in the grid order', async () => {
    const { store } = storeWithRows(500);
    await store.getState().reloadLibrary();
    const s = store.getState();
    s.pickLibraryModels('anchor', 2);
    s.pickLibraryModels('range', 5);
    s.pickLibraryModels('toggle', 0);
    expect(selectedModels(store.getState())).toEqual({
      kind: 'ids',
      ids: ['m0', 'm2', 'm3', 'm4', 'm5'],
    });
    expect(store.getState().batchSelection).toBeNull();
    store.getState().requestBatch();
    expect(store.getState().batchSelection).toEqual({
      kind: 'ids',
      ids: ['m0', 'm2', 'm3', 'm4', 'm5'],
    });
    store.getState().closeBatch();
    expect(store.getState().batchSelection).toBeNull();
  });

  it('a Shift range over pages not listed is counted at once, listed only for a batch', async () => {
    const { store, list } = storeWithRows(1000);
    await store.getState().reloadLibrary();
    store.getState().pickLibraryModels('anchor', 10);
    store.getState().pickLibraryModels('range', 950);
    // Pages 2–5 were not listed: counted, not yet nameable, and not asked for (a range over a
    // whole library would hold every other listing up behind its pages).
    expect(selectedCount(store.getState().libSelection)).toBe(941);
    expect(selectedModels(store.getState())).toBeNull();
    expect(list).toHaveBeenCalledTimes(1);
    // "Run a tool on 941…": the missing pages are listed, then the batch is asked for.
    store.getState().requestBatch();
    expect(store.getState().libBatchListing).toBe(true);
    await vi.waitFor(() => expect(store.getState().batchSelection).not.toBeNull());
    expect(store.getState().libBatchListing).toBe(false);
    expect(list.mock.calls.map(([q]) => q?.page)).toEqual([1, 2, 3, 4, 5]);
    const batch = store.getState().batchSelection;
    expect(batch?.kind === 'ids' && batch.ids.length).toBe(941);
    expect(batch?.kind === 'ids' && [batch.ids[0], batch.ids.at(-1)]).toEqual(['m10', 'm950']);
  });

  it('"Select all N" is the search and the unticked models; a new search clears it and says so', async () => {
    const { store, list } = storeWithRows(20_000);
    store.getState().setLibraryFilters({ search: 'Model', favourite: true });
    await vi.waitFor(() => expect(store.getState().libTotal).toBe(20_000));
    store.getState().selectAllLibrary();
    store.getState().pickLibraryModels('toggle', 3);
    store.getState().pickLibraryModels('toggle', 7);
    store.getState().requestBatch();
    expect(store.getState().batchSelection).toEqual({
      kind: 'query',
      filter: { search: 'Model', favourite: true },
      except: ['m3', 'm7'],
      total: 20_000,
    });
    // Nothing beyond page 1 was listed for it.
    expect(list).toHaveBeenCalledTimes(1);

    store.getState().setLibraryFilters({ search: 'Other' });
    expect(selectedModels(store.getState())).toBeNull();
    expect(store.getState().libSelectionNote).toContain('“Select all” (19,998) was cleared');
  });

  it('models picked one by one stay selected through a new search, and it says so', async () => {
    const { store } = storeWithRows(300);
    await store.getState().reloadLibrary();
    store.getState().pickLibraryModels('toggle', 4);
    store.getState().pickLibraryModels('toggle', 1);
    store.getState().setLibraryFilters({ search: 'Model 2' });
    expect(selectedModels(store.getState())).toEqual({ kind: 'ids', ids: ['m1', 'm4'] });
    expect(store.getState().libSelectionNote).toContain('2 models picked before the search');
    store.getState().clearLibrarySelection();
    expect(selectedModels(store.getState())).toBeNull();
    expect(store.getState().libSelectionNote).toBeUndefined();
  });

  it('new models at the top while a range waits to be listed: its unlisted part is dropped, and said so', async () => {
    const { store } = storeWithRows(1000);
    await store.getState().reloadLibrary();
    store.getState().pickLibraryModels('anchor', 190);
    store.getState().pickLibraryModels('range', 409);
    expect(selectedCount(store.getState().libSelection)).toBe(220);
    // A generation finished: page 1 is listed again, every position moves down.
    await store.getState().refreshLibrary();
    expect(selectedModels(store.getState())).toEqual({
      kind: 'ids',
      ids: Array.from({ length: 10 }, (_, i) => `m${190 + i}`),
    });
    expect(store.getState().libSelectionNote).toContain('the 210 models of the Shift range');
  });

  it('more than a batch takes is refused with what to do', async () => {
    const { store } = storeWithRows(20_001);
    await store.getState().reloadLibrary();
    store.getState().selectAllLibrary();
    store.getState().requestBatch();
    expect(store.getState().batchSelection).toBeNull();
    expect(store.getState().libSelectionNote).toContain('at most 20,000 models');
  });
});
