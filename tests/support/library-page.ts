/**
 * Page module of the Library tab: what a user does there (search, filter, scroll, pick a model,
 * select many for a batch, compare versions, clear the cache) and what they see, through test ids
 * and readiness attributes.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Host } from '../../electron/host/host';
import { EMBEDDED_SANDBOX_KEY, EMBEDDED_SANDBOX_URL } from '../../electron/sandbox';

/** A row of `GET /library` as the sandbox answers it. */
export interface ServiceRow {
  model_id: string;
  name: string;
  source: string;
  kind: string;
  root_id: string;
  version?: number;
  versions_count?: number;
}

/**
 * The key the test reads the truth with: a second key of the same account, so the test's own
 * reads never spend the minute of Kiln's key (the service counts per key; Kiln may use all of
 * its budget but the slots it keeps for the next click).
 */
const TRUTH_KEY = `${EMBEDDED_SANDBOX_KEY}-test-truth`;

/** The library's answer straight from the sandbox (the truth the grid is checked against). */
export async function serviceLibrary(
  host: Host,
  query: string,
): Promise<{ total: number; items: ServiceRow[] }> {
  const sandbox = host.sandbox!;
  const auth = { authorization: `Bearer ${TRUTH_KEY}` };
  let res = await sandbox.handle(
    new Request(`${EMBEDDED_SANDBOX_URL}/library?${query}`, { headers: auth }),
  );
  if (res.status === 401) {
    sandbox.addKey(TRUTH_KEY);
    res = await sandbox.handle(
      new Request(`${EMBEDDED_SANDBOX_URL}/library?${query}`, { headers: auth }),
    );
  }
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; items: ServiceRow[] };
}

/** The grid as the page module marks it to time the thumbnails (see `timeToThumbnails`). */
type WatchedGrid = HTMLElement & {
  /** Resolves once every card on screen shows its thumbnail, with the time since `start`. */
  watchThumbnails?: (start: number, timeoutMs: number) => Promise<{ ms: number; cards: number }>;
  /** The watch started when the last drag stopped, and that time (the page's clock). */
  watchAfterStop?: { since: number; shown: Promise<{ ms: number; cards: number }> };
};

/** The Library tab of Kiln's window. */
export class LibraryPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('library');
  }
  get grid(): Locator {
    return this.page.getByTestId('library-grid');
  }
  get cards(): Locator {
    return this.page.getByTestId('library-card');
  }
  get banner(): Locator {
    return this.page.getByTestId('library-banner');
  }
  get detail(): Locator {
    return this.page.getByTestId('model-detail');
  }
  get cache(): Locator {
    return this.page.getByTestId('library-cache');
  }
  card(index: number): Locator {
    return this.page.locator(`[data-testid="library-card"][data-index="${index}"]`);
  }
  /** The selection bar (count, Select all, Run a tool, Clear). */
  get selection(): Locator {
    return this.page.getByTestId('library-selection');
  }
  get selectionCount(): Locator {
    return this.page.getByTestId('library-selection-count');
  }
  get selectionNote(): Locator {
    return this.page.getByTestId('library-selection-note');
  }
  get selectAllButton(): Locator {
    return this.page.getByTestId('library-select-all');
  }
  get batchButton(): Locator {
    return this.page.getByTestId('library-batch');
  }
  /** The checkbox that picks the card at `index` for a batch. */
  check(index: number): Locator {
    return this.card(index).locator('xpath=following-sibling::input[@type="checkbox"]');
  }
  /** Picks cards as a user does: Ctrl-click toggles, Shift-click a range from the anchor. */
  async pick(index: number, how: 'toggle' | 'range'): Promise<void> {
    await this.card(index).click({ modifiers: [how === 'toggle' ? 'ControlOrMeta' : 'Shift'] });
  }
  /** Waits until `count` models are selected (and the count says `text`). */
  async expectSelected(count: number, text?: string | RegExp): Promise<void> {
    await expect(this.selection).toHaveAttribute('data-count', String(count));
    if (text !== undefined) await expect(this.selectionCount).toHaveText(text);
  }
  filter(name: 'published' | 'favourite' | 'includeRemesh' | 'families' | 'hasVersions'): Locator {
    return this.page.getByTestId(`library-filter-${name}`);
  }

  /** Opens the Library tab (by its test id: in any language) and waits for its first page. */
  async open(): Promise<void> {
    await this.page.getByTestId('tab-library').click();
    await expect(this.root).toHaveAttribute('data-state', /ready|offline/);
  }

  /**
   * Opens the Library tab and waits until the grid lists every model the service has; answers the
   * service's own first row and total, the truth the test checks the grid against.
   */
  async openAll(host: Host): Promise<{ total: number; items: ServiceRow[] }> {
    await this.open();
    const all = await serviceLibrary(host, 'limit=1');
    await this.expectTotal(all.total);
    return all;
  }

  /** Waits until the grid lists `total` models and shows its first card. */
  async expectTotal(total: number): Promise<void> {
    await expect(this.grid).toHaveAttribute('data-total', String(total));
    if (total > 0) await expect(this.card(0)).toBeVisible();
  }

  /** Scrolls the grid so that row `index` is in view (as a user dragging the scroll bar). */
  async scrollToIndex(index: number): Promise<void> {
    await this.grid.evaluate((el, i) => {
      const columns = Math.max(1, Math.floor((el.clientWidth + 8) / (118 + 8)));
      el.scrollTop = Math.floor(i / columns) * (150 + 8);
    }, index);
    await expect(this.card(index)).toBeVisible();
  }

  /**
   * Drags the grid's scroll bar from where it is to the row of card `index` over `ms`, one step
   * per frame, as a user does; resolves with the page's clock (`performance.now()`) at the
   * moment it stops. The page starts watching for the thumbnails of the screen it stops on at
   * that moment ({@link timeToThumbnails} with that time reads the watch): on a busy machine the
   * round trip from the page to the test and back took up to 0.8 s, which a watch started by
   * the test only after it would count as the pictures' time (issue 27).
   */
  async dragScrollTo(index: number, ms = 1500): Promise<number> {
    await this.#installThumbnailWatch();
    return this.grid.evaluate(
      (el, { index, ms }) =>
        new Promise<number>((done) => {
          const grid = el as WatchedGrid;
          const columns = Number(el.getAttribute('data-columns')) || 1;
          const row = el.querySelector<HTMLElement>('.library-row');
          const step = row ? row.offsetHeight + 8 : 158;
          const from = el.scrollTop;
          const to = Math.floor(index / columns) * step;
          const start = performance.now();
          const frame = () => {
            const t = Math.min(1, (performance.now() - start) / ms);
            el.scrollTop = from + (to - from) * t;
            if (t < 1) {
              requestAnimationFrame(frame);
              return;
            }
            const stoppedAt = performance.now();
            const shown = grid.watchThumbnails!(stoppedAt, 90_000);
            // Read by timeToThumbnails; unread (a drag only to reach a card), it ends unheard.
            shown.catch(() => undefined);
            grid.watchAfterStop = { since: stoppedAt, shown };
            done(stoppedAt);
          };
          requestAnimationFrame(frame);
        }),
      { index, ms },
    );
  }

  /**
   * Flicks the mouse wheel over the grid by `notches` (100 px each, at once, as a flick of the
   * finger does) and waits until the scroll comes to rest (the browser's `scrollend`);
   * resolves with the page's clock at that moment.
   */
  async flickWheel(notches: number): Promise<number> {
    const box = await this.grid.boundingBox();
    if (!box) throw new Error('the library grid is not on screen');
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Listened for before the wheel turns, so the end of this scroll cannot be missed.
    await this.grid.evaluate((el) => {
      (el as HTMLElement & { scrollEnded?: Promise<number> }).scrollEnded = new Promise((done) => {
        el.addEventListener('scrollend', () => done(performance.now()), { once: true });
      });
    });
    // One wheel event for the whole flick (a flick's notches come faster than frames); the
    // browser scrolls it smoothly, frame by frame.
    await this.page.mouse.wheel(0, notches * 100);
    return this.grid.evaluate(
      (el) => (el as HTMLElement & { scrollEnded?: Promise<number> }).scrollEnded!,
    );
  }

  /**
   * Waits until every card on screen is listed (its name shown, no placeholder left): the
   * screen a user rests on. Resolves with how many of them already show their thumbnail.
   */
  async screenListed(): Promise<{ cards: number; withThumbnail: number }> {
    const grid = this.grid;
    let seen = { cards: 0, withThumbnail: 0 };
    await expect(async () => {
      seen = await grid.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const onScreen = (c: Element) => {
          const r = c.getBoundingClientRect();
          return r.bottom > box.top && r.top < box.bottom;
        };
        if ([...el.querySelectorAll('.library-card.placeholder')].some(onScreen)) {
          return { cards: 0, withThumbnail: 0 };
        }
        const cards = [...el.querySelectorAll('[data-testid="library-card"]')].filter(onScreen);
        const withThumbnail = cards.filter((c) => {
          const img = c.querySelector('img');
          return img !== null && img.complete && img.naturalWidth > 0;
        }).length;
        return { cards: cards.length, withThumbnail };
      });
      expect(seen.cards).toBeGreaterThan(0);
    }).toPass();
    return seen;
  }

  /**
   * The user rests their eyes on the screen until `until` (the page's clock): a time the
   * scenario plays, not a wait for a state.
   */
  async restUntil(until: number): Promise<void> {
    const now = await this.page.evaluate(() => performance.now());
    if (until > now) await this.page.waitForTimeout(until - now);
  }

  /** Scrolls the grid (any card size) so that card `index` is on screen. */
  async scrollToCard(index: number): Promise<void> {
    await this.dragScrollTo(index, 100);
    await expect(this.card(index)).toBeVisible();
  }

  /**
   * Milliseconds from `since` (the page's clock; default now) until every card on screen shows
   * its thumbnail (a decoded image), checked in the page frame by frame; with their number.
   * After {@link dragScrollTo}, with the time it stopped at: the watch the page started then.
   */
  async timeToThumbnails(
    since?: number,
    timeoutMs = 90_000,
  ): Promise<{ ms: number; cards: number }> {
    await this.#installThumbnailWatch();
    return this.grid.evaluate(
      (el, { since, timeoutMs }) => {
        const grid = el as WatchedGrid;
        const started = grid.watchAfterStop;
        if (started && started.since === since) return started.shown;
        return grid.watchThumbnails!(since ?? performance.now(), timeoutMs);
      },
      { since, timeoutMs },
    );
  }

  /** Gives the grid the page-side watch of {@link timeToThumbnails} (once). */
  async #installThumbnailWatch(): Promise<void> {
    await this.grid.evaluate((el) => {
      const grid = el as WatchedGrid;
      grid.watchThumbnails ??= (start, timeoutMs) =>
        new Promise((done, fail) => {
          const check = () => {
            const box = el.getBoundingClientRect();
            const cards = [...el.querySelectorAll<HTMLElement>('[data-testid="library-card"]')]
              .concat([...el.querySelectorAll<HTMLElement>('.library-card.placeholder')])
              .filter((c) => {
                const r = c.getBoundingClientRect();
                return r.bottom > box.top && r.top < box.bottom;
              });
            const shown = cards.every((c) => {
              const img = c.querySelector('img');
              return img !== null && img.complete && img.naturalWidth > 0;
            });
            const ms = performance.now() - start;
            if (cards.length > 0 && shown) done({ ms, cards: cards.length });
            else if (ms > timeoutMs) fail(new Error(`thumbnails still missing after ${ms} ms`));
            else requestAnimationFrame(check);
          };
          check();
        });
    });
  }

  /** Names of the cards in the DOM. */
  async names(): Promise<string[]> {
    return this.cards.locator('.library-card-name').allInnerTexts();
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('library-search').fill(text);
  }

  /** Selects the card at `index` and waits for its detail. */
  async select(index: number): Promise<void> {
    await this.card(index).click();
    await expect(this.detail).toBeVisible();
  }
}
