/**
 * Page module of the Library tab: what a user does there (search, filter, scroll, pick a model,
 * compare versions, clear the cache) and what they see, through test ids and readiness attributes.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Host } from '../../electron/host/host';
import { EMBEDDED_SANDBOX_KEY, EMBEDDED_SANDBOX_URL } from '../../electron/host/embedded-sandbox';

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

/** The library's answer straight from the sandbox (the truth the grid is checked against). */
export async function serviceLibrary(
  host: Host,
  query: string,
): Promise<{ total: number; items: ServiceRow[] }> {
  const res = await host.sandbox!.handle(
    new Request(`${EMBEDDED_SANDBOX_URL}/library?${query}`, {
      headers: { authorization: `Bearer ${EMBEDDED_SANDBOX_KEY}` },
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; items: ServiceRow[] };
}

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
  filter(name: 'published' | 'favourite' | 'includeRemesh' | 'families' | 'hasVersions'): Locator {
    return this.page.getByTestId(`library-filter-${name}`);
  }

  /** Opens the Library tab and waits for its first page. */
  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Library' }).click();
    await expect(this.root).toHaveAttribute('data-state', /ready|offline/);
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
