import { describe, expect, it, vi } from 'vitest';
import type {
  LibraryCacheInfoView,
  LibraryItemView,
  LibraryListInput,
  LibraryPageView,
} from '../../../../shared/ipc/contract';
import { KilnError } from '../../../../shared/ipc/errors';
import { LIBRARY_PAGE_SIZE } from './library-logic';
import { guessedTotal, LibraryPager, type PagerState } from './library-pager';
import { NO_PAGES } from './library-initial';

const NO_CACHE: LibraryCacheInfoView = {
  models: [],
  modelBytes: 0,
  thumbnailCount: 0,
  thumbnailBytes: 0,
};

const rows = (page: number, n: number): LibraryItemView[] =>
  Array.from({ length: n }, (_, i) => ({ modelId: `m${page}-${i}`, name: `Model ${page}-${i}` }));

/** A pager over plain state whose list requests wait until the test answers them. */
function harness() {
  let state: PagerState = { ...NO_PAGES };
  const asked: {
    page: number;
    answer(v: Omit<LibraryPageView, 'limit'>): void;
    fail(e: unknown): void;
  }[] = [];
  const list = vi.fn(
    (query: NonNullable<LibraryListInput>) =>
      new Promise<LibraryPageView>((answer, fail) =>
        asked.push({
          page: query.page ?? 1,
          answer: (v) => answer({ ...v, limit: LIBRARY_PAGE_SIZE }),
          fail,
        }),
      ),
  );
  const cache: LibraryCacheInfoView = {
    models: [{ modelId: 'c1', name: 'Saved cup', bytes: 10 }],
    modelBytes: 10,
    thumbnailCount: 0,
    thumbnailBytes: 0,
  };
  const arrived = vi.fn();
  const pager = new LibraryPager({
    list,
    cacheInfo: async () => cache,
    read: () => state,
    write: (patch) => (state = { ...state, ...patch }),
    arrived,
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { pager, asked, list, arrived, settle, state: () => state };
}

describe('library pager', () => {
  it('lists page 1, then only the pages a range needs, each once at a time', async () => {
    const h = harness();
    void h.pager.restart();
    expect(h.state().libLoading).toBe(true);
    h.asked[0]!.answer({ items: rows(1, LIBRARY_PAGE_SIZE), page: 1, total: 1000 });
    await h.settle();
    expect(h.state()).toMatchObject({ libTotal: 1000, libLoading: false, libSource: 'service' });
    expect(h.arrived).toHaveBeenCalledTimes(1);
    h.pager.ensureRows(150, 450);
    h.pager.ensureRows(150, 450);
    expect(h.asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it('drops an answer for filters that changed meanwhile', async () => {
    const h = harness();
    void h.pager.restart();
    void h.pager.restart();
    h.asked[0]!.answer({ items: rows(9, 3), page: 1, total: 3 });
    h.asked[1]!.answer({ items: rows(1, 2), page: 1, total: 2 });
    await h.settle();
    expect(h.state().libPages[1]!.map((r) => r.modelId)).toEqual(['m1-0', 'm1-1']);
  });

  it('guesses one more page while pages come back full and the total is left out', () => {
    expect(guessedTotal(1, LIBRARY_PAGE_SIZE)).toBe(2 * LIBRARY_PAGE_SIZE);
    expect(guessedTotal(2, 5)).toBe(LIBRARY_PAGE_SIZE + 5);
  });

  it('keeps what is shown when a page fails, and asks it again only after a retry', async () => {
    const h = harness();
    void h.pager.restart();
    h.asked[0]!.answer({ items: rows(1, LIBRARY_PAGE_SIZE), page: 1, total: 400 });
    await h.settle();
    h.pager.ensureRows(200, 399);
    h.asked[1]!.fail(new KilnError('server_error', 'The service failed.'));
    await h.settle();
    expect(h.state().libError).toBe('The service failed.');
    expect(h.state().libPages[1]).toHaveLength(LIBRARY_PAGE_SIZE);
    h.pager.ensureRows(200, 399);
    expect(h.asked).toHaveLength(2);
    h.pager.retryFailed();
    h.pager.ensureRows(200, 399);
    expect(h.asked.map((a) => a.page)).toEqual([1, 2, 2]);
  });

  it('shows the models saved on this computer when there is no network at all', async () => {
    const h = harness();
    void h.pager.restart();
    h.asked[0]!.fail(new KilnError('unreachable', 'No connection.'));
    await vi.waitFor(() => expect(h.state().libSource).toBe('offline'));
    expect(h.state().libPages[1]!.map((r) => r.name)).toEqual(['Saved cup']);
    expect(h.state().libError).toMatch(/Showing the 1 model saved on this computer/);
    // Offline, no page beyond the cache is asked for.
    h.pager.ensureRows(0, 500);
    expect(h.asked).toHaveLength(1);
    // Clearing the cache empties the offline grid, with the same reason.
    await h.pager.cacheCleared({ ...h.state().libCache!, models: [] });
    expect(h.state().libTotal).toBe(0);
    expect(h.state().libError).toMatch(/Showing the 0 models saved/);
  });

  it('forgets cached thumbnails of the service’s rows when the cache is cleared', async () => {
    const h = harness();
    void h.pager.restart();
    h.asked[0]!.answer({
      items: [{ modelId: 'a', name: 'A', cached: true, thumbnailUrl: 'kiln://t/a.png' }],
      page: 1,
      total: 1,
    });
    await h.settle();
    expect(h.state().libThumbs).toEqual({ a: 'kiln://t/a.png' });
    await h.pager.cacheCleared({ ...NO_CACHE, models: [] });
    expect(h.state().libThumbs).toEqual({});
    expect(h.state().libPages[1]).toEqual([{ modelId: 'a', name: 'A' }]);
  });
});
