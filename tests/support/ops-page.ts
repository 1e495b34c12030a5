/**
 * Page module of the Tools column and the Activity centre: open a tool, fill its fields, run it
 * and read its job's state, through test ids and `data-job-state`, never sleeps.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { dispatch } from '../../shared/ipc/dispatch';
import type { Channel } from '../../shared/ipc/channels';
import type { Host } from '../../electron/host/host';

/** Calls a channel of the host's core directly (what a second window would do). */
export async function callHost<T>(host: Host, channel: Channel, input: unknown): Promise<T> {
  const result = await dispatch(host.services.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** The first library model made on the website or through the API. */
export async function seededModel(host: Host, source: 'api' | 'website'): Promise<string> {
  const page = await callHost<{ items: Array<{ modelId: string; source?: string }> }>(
    host,
    'library:list',
    { limit: 50 },
  );
  const row = page.items.find((m) => m.source === source);
  if (!row) throw new Error(`no ${source} model seeded`);
  return row.modelId;
}

/** Tools and Activity in Kiln's window. */
export class OpsPage {
  constructor(readonly page: Page) {}

  /** Shows the Tools tab and opens tool `id` (`export`, `print`, …); returns its body. */
  async tool(id: string): Promise<Locator> {
    await this.page.getByTestId('tab-tools').click();
    const head = this.page.getByTestId(`tool-head-${id}`);
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    return this.page.getByTestId(`tool-${id}`);
  }

  /** Sets the folder results are saved in. */
  async saveIn(folder: string): Promise<void> {
    await this.page.getByTestId('tab-tools').click();
    await this.page.getByTestId('ops-folder').fill(folder);
  }

  /** Runs the open tool `id` and waits until its job reaches `state`. */
  async run(id: string, state = 'done', timeout = 30_000): Promise<Locator> {
    const body = await this.tool(id);
    await body.getByTestId(`${id}-run`).click();
    const status = body.getByTestId('op-status');
    await expect(status).toHaveAttribute('data-job-state', state, { timeout });
    return status;
  }

  /** The Activity tab's rows. */
  async activity(): Promise<Locator> {
    await this.page.getByTestId('tab-activity').click();
    return this.page.getByTestId('job');
  }
}
