/**
 * Page module of the Create area: switch modes, drop photos on a flow's zone, fill settings,
 * read the cost line and the sentences at the fields. Waits on state, never on time.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Host } from '../../electron/host/host';
import { PHOTOS, type KilnPage } from './kiln-page';

/** A file to drop: its name, bytes and the MIME type the file manager would claim. */
export interface DropFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly type: string;
}

/** Reads a shared real photo, dropped under `as` (the same bytes may be dropped as several). */
export async function photo(name: string, as = name): Promise<DropFile> {
  return { name: as, bytes: await readFile(path.join(PHOTOS, name)), type: 'image/png' };
}

/** The operations the sandbox charged for, in order. */
export function chargedOperations(host: Host): string[] {
  return host.sandbox!.ledger().flatMap((e) => (e.type === 'charge' ? [e.operation] : []));
}

/** A one-pixel GIF: a real image the service does not take. */
export const GIF: DropFile = {
  name: 'spinner.gif',
  bytes: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  type: 'image/gif',
};

/** The Create panel. */
export class CreatePage {
  readonly page: Page;
  constructor(readonly kiln: KilnPage) {
    this.page = kiln.page;
  }

  /** Switches the Create mode (Photo, Views, Text, Retexture). */
  async mode(mode: 'photo' | 'views' | 'text' | 'retexture'): Promise<void> {
    await this.page.getByTestId(`create-mode-${mode}`).click();
    await expect(this.page.locator(`[data-create-mode="${mode}"]`)).toBeVisible();
  }

  /** Drops files on a drop zone of the current flow (`drop-zone`, `views-drop`, `retexture-drop`). */
  async drop(files: readonly DropFile[], zone = 'drop-zone'): Promise<void> {
    await this.kiln.drop(files, this.page.getByTestId(zone));
  }

  /**
   * Drops a big file made in the page (no 25 MB crossing the test channel): `size` bytes that
   * begin with a PNG signature.
   */
  async dropBigPng(name: string, size: number, zone = 'drop-zone'): Promise<void> {
    await this.page.getByTestId(zone).evaluate(
      (el, { name, size }) => {
        const bytes = new Uint8Array(size);
        bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File([bytes], name, { type: 'image/png' }));
        el.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
      },
      { name, size },
    );
  }

  /** The sentence shown at a field (`photo`, `views`, `prompt`, `polyCount`, `form`…). */
  error(field: string): Locator {
    return this.page.getByTestId(`error-${field}`);
  }

  /** The cost line under a paid button (`generate`, `imagine`, `retexture`). */
  cost(button: string): Locator {
    return this.page.getByTestId(button).locator('xpath=..').getByTestId('cost-line');
  }

  button(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Opens the settings (if closed) and fills them; omitted ones are left as they are. */
  async settings(values: {
    polyCount?: string;
    remesh?: 'default' | 'on' | 'off';
    textureSize?: string;
    textureFormat?: string;
    seed?: string;
  }): Promise<void> {
    const details = this.page.getByTestId('settings');
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await details.locator('summary').click();
    }
    if (values.polyCount !== undefined) {
      await this.page.getByTestId('poly-count').fill(values.polyCount);
    }
    if (values.remesh) await this.page.getByTestId('remesh').selectOption(values.remesh);
    if (values.textureSize) {
      await this.page.getByTestId('texture-size').selectOption(values.textureSize);
    }
    if (values.textureFormat) {
      await this.page.getByTestId('texture-format').selectOption(values.textureFormat);
    }
    if (values.seed !== undefined) await this.page.getByTestId('seed').fill(values.seed);
  }

  /** The view slots, front first. */
  get slots(): Locator {
    return this.page.getByTestId('view-slot');
  }

  /** The side labels of the view slots, in order. */
  async slotLabels(): Promise<string[]> {
    return this.slots.evaluateAll((els) => els.map((e) => e.getAttribute('data-view-label')!));
  }

  /** The names of the photos in the view slots, in order. */
  async slotNames(): Promise<string[]> {
    return this.slots.locator('.photo-name').allTextContents();
  }

  /**
   * Starts recording the Activity list's job states after every change (so a short-lived
   * arrangement, like one job waiting while five run, is seen however slow the machine is).
   */
  async recordJobStates(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __jobStates: string[][] };
      w.__jobStates = [];
      const snap = () =>
        w.__jobStates.push(
          [...document.querySelectorAll('[data-testid="job"]')].map(
            (e) => e.getAttribute('data-job-state') ?? '',
          ),
        );
      new MutationObserver(snap).observe(document.body, {
        subtree: true,
        childList: true,
        attributeFilter: ['data-job-state'],
      });
    });
  }

  /** The job states recorded since {@link recordJobStates}, one list per change. */
  async recordedJobStates(): Promise<string[][]> {
    return this.page.evaluate(() => (window as unknown as { __jobStates: string[][] }).__jobStates);
  }
}
