/**
 * `npm run screenshots`: regenerates the README's screenshots from the real app (browser host +
 * embedded sandbox + Debian Chromium), so the user guide shows what Kiln really looks like.
 */
import { chromium } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemorySecretStore } from '../electron/core/secrets/secret-store';
import { startHost } from '../electron/host/host';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const photos = path.resolve(root, '..', 'shared', 'photos');
const out = path.join(root, 'docs');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-shots-'));
const host = await startHost({
  rendererDir: path.join(root, 'dist', 'renderer'),
  dataDir,
  secrets: new MemorySecretStore(),
  sandbox: { taskSeconds: 2, seedModels: 60, seedFamilies: 4 },
  logger: { info: () => {}, warn: () => {}, error: console.error },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await page.goto(host.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByTestId('welcome').waitFor();
  await page.screenshot({ path: path.join(out, 'screenshot-welcome.png') });
  await page.getByTestId('welcome-sandbox').click();
  const bytes = (await readFile(path.join(photos, 'coffee.png'))).toString('base64');
  const drop = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    dt.items.add(
      new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'coffee.png', {
        type: 'image/png',
      }),
    );
    return dt;
  }, bytes);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: drop });
  await page.getByTestId('photo-preview').waitFor();
  await page.screenshot({ path: path.join(out, 'screenshot-create.png') });
  await page.getByTestId('generate').click();
  await page.locator('[data-viewer-state="ready"]').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'screenshot-model.png') });
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('tool-head-print').click();
  await page.getByTestId('tool-print').waitFor();
  await page.screenshot({ path: path.join(out, 'screenshot-tools.png') });
  await page.getByTestId('tab-library').click();
  await page.getByTestId('library-card').first().waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(out, 'screenshot-library.png') });
  await page.getByTestId('billing-balance').click();
  await page.getByTestId('account-page').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'screenshot-account.png') });
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
}
