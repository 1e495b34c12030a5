/**
 * Page module of Kiln's window: what a user does (drop a photo, generate, open a model) and what
 * they see (jobs, the viewer), using test ids and readiness attributes instead of sleeps.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Real photos shared by the team (CC0). */
export const PHOTOS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'photos');

/** Kiln's main window. */
export class KilnPage {
  constructor(readonly page: Page) {}

  get dropZone(): Locator {
    return this.page.getByTestId('drop-zone');
  }
  get createError(): Locator {
    return this.page.getByTestId('error-photo');
  }
  get jobs(): Locator {
    return this.page.getByTestId('job');
  }
  get viewer(): Locator {
    return this.page.getByTestId('viewer');
  }

  /**
   * Opens the app and waits until it has its first data. On a page already showing this host,
   * the address (`…/#token=…`) differs only in its fragment: the page takes the token and reloads
   * itself (renderer/src/bridge/index.ts), so the wait is for that reload's page, not the one
   * still on screen (a test that went on at once once ran its next step in the page being torn
   * down, with three workers on two cores).
   */
  async open(url: string): Promise<void> {
    const current = this.page.url();
    const sameHost = current.startsWith('http') && new URL(current).origin === new URL(url).origin;
    const reloaded = sameHost ? this.page.waitForEvent('load') : undefined;
    await this.page.goto(url);
    await reloaded;
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
    // The header's commands and the window's shortcut keys come in a chunk of their own
    // (App.tsx), asked for as the shell renders: a test that presses a key waits for them.
    await expect(this.page.getByTestId('open-settings')).toBeVisible();
  }

  /**
   * Drops files on a drop zone (Create's photo zone unless `target` says which) the way a file
   * manager does (a real `drop` with a DataTransfer).
   */
  async drop(
    files: ReadonlyArray<{ name: string; bytes: Uint8Array; type: string }>,
    target: Locator = this.dropZone,
  ): Promise<void> {
    const payload = files.map((f) => ({
      name: f.name,
      type: f.type,
      b64: Buffer.from(f.bytes).toString('base64'),
    }));
    const dataTransfer = await this.page.evaluateHandle((items) => {
      const dt = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.b64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], item.name, { type: item.type }));
      }
      return dt;
    }, payload);
    await target.dispatchEvent('drop', { dataTransfer });
  }

  /** Drops one of the shared real photos. */
  async dropPhoto(name: string): Promise<void> {
    const bytes = await readFile(path.join(PHOTOS, name));
    await this.drop([{ name, bytes, type: 'image/png' }]);
  }

  /**
   * Makes a model from one of the shared photos with the fastest version, and waits until its
   * job is done (the model then opens in the viewer).
   */
  async generateFast(photo: string, timeout = 60_000): Promise<void> {
    await this.dropPhoto(photo);
    await this.page.getByTestId('tier').selectOption('fast');
    await this.generate();
    await expect(this.jobs.first()).toHaveAttribute('data-job-state', 'done', { timeout });
  }

  /**
   * Starts one fast generation per name from a plain grey picture, each showing in Activity
   * before the next (with one generation at a time, the second waits for a free slot).
   */
  async generateGrey(names: readonly string[]): Promise<void> {
    const grey = await sharp({
      create: { width: 96, height: 72, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    for (const name of names) {
      await this.drop([{ name, bytes: grey, type: 'image/png' }]);
      await this.page.getByTestId('tier').selectOption('fast');
      await this.generate();
      await expect(this.jobs.filter({ hasText: name })).toHaveCount(1);
    }
  }

  /** Clicks Generate. */
  async generate(): Promise<void> {
    await this.page.getByTestId('generate').click();
  }

  /**
   * Waits until the viewer shows a model (and a generation's stage has faded from over it), and
   * returns its triangle count.
   */
  async waitForModel(timeout = 90_000): Promise<number> {
    await expect(this.viewer).toHaveAttribute('data-viewer-state', 'ready', { timeout });
    await expect(this.page.getByTestId('job-stage')).toHaveCount(0);
    return Number(await this.viewer.getAttribute('data-triangles'));
  }

  /**
   * Starts a drag on the viewer's drag-out handle the way Chromium does (a real `dragstart` with a
   * DataTransfer) and answers what the drag carries: its `DownloadURL` and `text/uri-list`.
   */
  async dragOut(): Promise<{ downloadUrl: string; uriList: string }> {
    const dataTransfer = await this.page.evaluateHandle(() => new DataTransfer());
    await this.page.getByTestId('drag-out').dispatchEvent('dragstart', { dataTransfer });
    const [downloadUrl, uriList] = await dataTransfer.evaluate((dt) => [
      dt.getData('DownloadURL'),
      dt.getData('text/uri-list'),
    ]);
    await dataTransfer.dispose();
    return { downloadUrl: downloadUrl!, uriList: uriList! };
  }

  /** A screenshot of the viewer canvas, as PNG bytes. */
  async viewerPixels(): Promise<Buffer> {
    return this.viewer.locator('canvas').screenshot();
  }
}
