/**
 * Playwright fixtures: each test gets its own browser host (fresh data folder, in-memory key
 * store, embedded sandbox with a short task time) and a page opened on it. Every request the page
 * makes is recorded, and the test fails if one leaves 127.0.0.1: Kiln must work offline.
 */
import { test as base, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startHost, type Host } from '../../electron/host/host';
import type { SandboxInternals, SandboxOptions } from '../../electron/sandbox';
import { KilnPage } from './kiln-page';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Requests that stay on the machine: the host itself, and in-page data/blob URLs. */
export function isLocal(url: string): boolean {
  return /^(data|blob):/.test(url) || /^(http|ws)s?:\/\/127\.0\.0\.1(:\d+)?\//.test(url);
}

/**
 * A browser host as every test starts it, on `dataDir`: starting a second one on the same folder
 * after closing the first is a restart of Kiln (settings, journal, cache and the sandbox's own
 * state are all kept there).
 */
export function startTestHost(
  o: Readonly<{
    dataDir: string;
    sandboxOptions?: SandboxOptions;
    sandboxInternals?: SandboxInternals;
    firstRun?: boolean;
  }>,
): Promise<Host> {
  return startHost({
    rendererDir: path.join(root, 'dist', 'renderer'),
    dataDir: o.dataDir,
    secrets: new MemorySecretStore(),
    sandbox: { taskSeconds: 1, ...o.sandboxOptions },
    sandboxInternals: o.sandboxInternals ?? {},
    // The first-run welcome has its own tests (account-*.spec.ts, accessibility.spec.ts); here
    // it would cover the app.
    welcomeSeen: !o.firstRun,
    services: {
      pollTiming: { first: 300, factor: 1.5, cap: 1000, errorCap: 5000 },
      ...requestBudgetFor(o.sandboxOptions),
    },
    logger: { info: () => {}, warn: () => {}, error: (m, d) => console.error(m, d) },
  });
}

/**
 * Kiln's request budget for a test whose sandbox allows more than the contract's 60 requests a
 * minute (`sandboxOptions.requestsPerMinute`), keeping the default's margin of 5 under it. A spec
 * that is not about the budget but sends more than a minute's worth (a batch of a dozen exports)
 * would otherwise wait out the rolling window, as a user's Kiln rightly does; the budget itself
 * is tested at the contract's limit (library-thumbnails.spec.ts, the unit and fault suites).
 */
function requestBudgetFor(sandbox: SandboxOptions | undefined): { requestBudget?: number } {
  const perMinute = sandbox?.requestsPerMinute;
  return perMinute === undefined ? {} : { requestBudget: perMinute - 5 };
}

export const test = base.extend<{
  /** The test's data folder (settings, jobs, and the cache under `cache/`). */
  dataDir: string;
  host: Host;
  kiln: KilnPage;
  /**
   * Extra options of the test's sandbox, per spec with `test.use({ sandboxOptions: … })`
   * (e.g. `linkSeconds: 0`, or `seedModels`, `websiteModels`, `seedFamilies` for a big library).
   */
  sandboxOptions: SandboxOptions;
  /** Test hooks of the test's sandbox (a builder that fails). */
  sandboxInternals: SandboxInternals;
  /** A first start: the welcome shows (`test.use({ firstRun: true })`). */
  firstRun: boolean;
}>({
  sandboxOptions: [{}, { option: true }],
  sandboxInternals: [{}, { option: true }],
  firstRun: [false, { option: true }],
  // Playwright reads a fixture's dependencies from its destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-'));
    await use(dataDir);
    // A download the closed host had in flight (a thumbnail) may still land while the folder is
    // removed (ENOTEMPTY): Node retries those errors with a short backoff.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  },
  host: async ({ sandboxOptions, sandboxInternals, dataDir, firstRun }, use) => {
    const host = await startTestHost({ dataDir, sandboxOptions, sandboxInternals, firstRun });
    await use(host);
    await host.close();
  },
  kiln: async ({ page, host }, use) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const kiln = new KilnPage(page);
    await kiln.open(host.url);
    await use(kiln);
    // Before the host closes: an open page would reconnect to it while it shuts down.
    await page.close();
    expect(
      requests.filter((u) => !isLocal(u)),
      'requests that left 127.0.0.1',
    ).toEqual([]);
  },
});

export { expect };
