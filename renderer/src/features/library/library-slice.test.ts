import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../../shared/ipc/bridge';
import type { JobView, LibraryListInput, LibraryPageView } from '../../../../shared/ipc/contract';
import { createKilnStore } from '../../store/app-store';

const done = (id: string): JobView => ({
  id,
  kind: 'photo',
  source: id,
  state: 'done',
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
