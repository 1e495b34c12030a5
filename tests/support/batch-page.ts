/**
 * Page module of batches: the batch form opened from a family's "Export every version", its
 * quote, and the batch's row in Activity, through test ids and readiness attributes.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { LibraryPage } from './library-page';

/** The batch form and the batch rows of Kiln's window. */
export class BatchPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByTestId('batch-form');
  }
  get price(): Locator {
    return this.form.getByTestId('batch-price');
  }
  /** The newest batch's row in Activity. */
  get row(): Locator {
    return this.page.getByTestId('batch').first();
  }

  /** Opens the batch form on every version of the library's newest family. */
  async openFamily(): Promise<void> {
    const lib = new LibraryPage(this.page);
    await lib.open();
    const button = lib.detail.getByTestId('export-every-version');
    // Still shown from the last batch: the family stays selected.
    if (!(await button.isVisible())) {
      if (!(await lib.filter('families').isChecked())) await lib.filter('families').check();
      await lib.select(0);
    }
    await button.click();
    await expect(this.form).toBeVisible();
  }

  /** Picks the tool and sets the results folder (kept as the export folder). */
  async setUp(tool: string, folder: string): Promise<void> {
    await this.form.getByTestId('batch-tool').selectOption(tool);
    await this.form.getByTestId('ops-folder').fill(folder);
    await this.form.getByTestId('ops-folder').press('Enter');
  }

  /** Starts the batch (`affordable`: only what the balance covers) and shows Activity. */
  async start(affordable = false): Promise<void> {
    await this.form.getByTestId(affordable ? 'batch-start-affordable' : 'batch-start').click();
    await expect(this.form).toHaveCount(0);
    await expect(this.row).toBeVisible();
  }

  /** Waits until the newest batch reaches `state`. */
  async until(state: string, timeout = 90_000): Promise<Locator> {
    await expect(this.row).toHaveAttribute('data-batch-state', state, { timeout });
    return this.row;
  }
}
