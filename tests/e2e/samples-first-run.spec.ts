/**
 * The first run has something to look at (issue 31): Kiln started as `npm run web` starts it (its
 * own process, `electron/host/cli.ts`, Kiln's demo mode with the first-run samples on) on a new
 * data folder shows the sandbox's sample models in the library, free, and one opens in the
 * viewer. The other specs start the host through `startTestHost`, whose sandbox makes no samples.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { AccountModule } from '../support/account-page';
import { expect, isLocal, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { LibraryPage } from '../support/library-page';

const root = path.resolve(import.meta.dirname, '..', '..');

/** `npm run web` after its build, on `dataDir`: resolves with the address it prints. */
async function startWeb(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'electron/host/cli.ts'),
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--memory-secrets',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const address = /^\s+(http:\/\/127\.0\.0\.1:\d+\/#\S+)$/.exec(line)?.[1];
      if (address) resolve(address);
    });
    void exited.then(() => reject(new Error('npm run web ended before it served')));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test('a new user finds sample models in the library, opens one and compares versions', async ({
  page,
}) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-samples-'));
  const web = await startWeb(dataDir);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  try {
    const kiln = new KilnPage(page);
    await kiln.open(web.url);
    // A new user: the welcome, then the sandbox.
    await page.getByTestId('welcome-sandbox').click();
    const account = new AccountModule(page, kiln);
    await account.expectBalance('25.00');

    const library = new LibraryPage(page);
    await library.open();
    const cup = library.cards.filter({ hasText: 'Sample · Coffee cup' });
    const cat = library.cards.filter({ hasText: 'Sample · Cat' });
    await expect(cat).toBeVisible();
    // The cup twice: the generation and its retexture, a family to compare versions in.
    await expect(cup).toHaveCount(2);
    await expect(library.cards).toHaveCount(3);

    await cat.dblclick();
    expect(await kiln.waitForModel()).toBeGreaterThan(1000);
    await expect(page.getByTestId('model-name')).toHaveText('Sample · Cat');

    // The cup's two versions compare side by side.
    await library.open();
    await cup.first().click();
    const tree = library.detail.getByTestId('version-tree');
    await tree.locator('[data-kind="generation"]').getByTestId('version-pick').check();
    await tree.locator('[data-kind="retexture"]').getByTestId('version-pick').check();
    await tree.getByTestId('compare-versions').click();
    await expect(kiln.viewer).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });

    // Made for nothing.
    await account.expectBalance('25.00');
  } finally {
    await page.close();
    await web.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  expect(
    requests.filter((u) => !isLocal(u)),
    'requests that left 127.0.0.1',
  ).toEqual([]);
});
