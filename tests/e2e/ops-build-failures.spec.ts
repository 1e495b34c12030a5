/**
 * Every tool's failed build, end to end through the sandbox's own trigger (issue 21): set in
 * Account › Settings while in the sandbox, no code injected. Each tool shows the worker's message
 * and, for a paid build, its refund; the balance ends where it began.
 */
import type { Locator } from '@playwright/test';
import { AccountModule } from '../support/account-page';
import { expect, test, EXHAUSTIVE } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { OpsPage } from '../support/ops-page';

test.use({ sandboxOptions: { seedModels: 1 } });

/** Each tool, what to set before running it, its worker's message and its refund. */
const TOOLS: ReadonlyArray<{
  id: string;
  message: RegExp;
  refund?: string;
  prepare?: (tool: Locator) => Promise<void>;
}> = [
  {
    id: 'export',
    message: /could not write this model/,
    // A GLB is handed out at once; another format is a build (free for API models).
    prepare: async (tool) => {
      await tool.getByTestId('export-format').selectOption('stl');
    },
  },
  { id: 'print', message: /could not be made watertight/ },
  { id: 'retopo', message: /quad remesher could not follow/, refund: 'Refunded $0.25' },
  { id: 'rig', message: /skeleton could not be fitted/, refund: 'Refunded $0.35' },
  { id: 'parts', message: /No separable parts/, refund: 'Refunded $0.30' },
  {
    id: 'gamepack',
    message: /level-of-detail meshes could not be built/,
    refund: 'Refunded $0.15',
  },
  { id: 'make', message: /could not be unfolded/, refund: 'Refunded $0.10' },
];

test(
  'each tool’s build fails by the sandbox setting, with its message and refund',
  EXHAUSTIVE,
  async ({ kiln, host }) => {
    test.setTimeout(180_000);
    const page = kiln.page;
    const ops = new OpsPage(page);
    const account = new AccountModule(page, kiln);

    // Account › Settings › Advanced, in the sandbox: every tool's builds fail.
    await page.getByTestId('open-settings').click();
    await account.settingsGroup('advanced');
    const failures = page.getByTestId('settings-sandbox-failures');
    for (const { id } of TOOLS) {
      await failures.getByTestId(`sandbox-fail-${id}`).selectOption('1');
      await expect(failures.getByTestId('sandbox-fail-status')).toHaveText('Applied.');
    }
    expect(host.sandbox!.buildFailures()).toEqual(
      Object.fromEntries(TOOLS.map(({ id }) => [id, 1])),
    );
    await account.close();

    const library = new LibraryPage(page);
    await library.open();
    await library.select(0);
    await page.getByTestId('detail-open').click();
    await kiln.waitForModel();

    for (const { id, message, refund, prepare } of TOOLS) {
      const tool = await ops.tool(id);
      await prepare?.(tool);
      const status = await ops.run(id, 'failed');
      await expect(status.getByTestId('op-error')).toContainText(message);
      if (refund) await expect(status.getByTestId('op-refund')).toContainText(refund);
      else await expect(status.getByTestId('op-refund')).toHaveCount(0);
    }

    // In Activity: seven failures, the paid ones "refunded"; nothing was spent in the end.
    const rows = await ops.activity();
    await expect(rows).toHaveCount(TOOLS.length);
    await expect(
      rows.filter({ has: page.getByTestId('job-cost').getByText('refunded') }),
    ).toHaveCount(TOOLS.filter((t) => t.refund).length);
    await account.expectBalance('25.00');
    expect(host.sandbox!.balance()).toBe('25.00');
  },
);
