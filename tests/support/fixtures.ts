/**
 * Playwright fixtures: each test gets its own browser host (fresh data folder, in-memory key
 * store, embedded sandbox with a short task time) and a page opened on it. Every request the page
 * makes is recorded, and the test fails if one leaves 127.0.0.1: Kiln must work offline.
 */
import { test as base, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Host } from '../../electron/host/host';
import type { SandboxInternals, SandboxOptions } from '../../electron/sandbox';
import { KilnPage } from './kiln-page';
import { startTestHost } from './test-host';

export { startTestHost };

/**
 * The exhaustive tier: a test that goes through every case of something another test already
 * covers once (every language, every panel's accessibility scan, every recording format, every
 * tool's failure, repeated opens for leaks). `npm test` leaves these out to stay within 10
 * minutes on a 2-core machine; `npm run test:all` (CI) runs them too. Used as
 * `test('…', EXHAUSTIVE, async (…) => …)`.
 */
export const EXHAUSTIVE = { tag: '@exhaustive' } as const;

/** Requests that stay on the machine: the host itself, and in-page data/blob URLs. */
export function isLocal(url: string): boolean {
  return /^(data|blob):/.test(url) || /^(http|ws)s?:\/\/127\.0\.0\.1(:\d+)?\//.test(url);
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
  /**
   * Background preparation on, as an artist has it by default (`test.use({ prepare: true })`);
   * off otherwise (test-host.ts says why).
   */
  prepare: boolean;
}>({
  sandboxOptions: [{}, { option: true }],
  sandboxInternals: [{}, { option: true }],
  firstRun: [false, { option: true }],
  prepare: [false, { option: true }],
  // Playwright reads a fixture's dependencies from its destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-'));
    await use(dataDir);
    // The host has closed (its `close` resolves once every download in flight has stopped and
    // removed its partial file): the folder goes at once, with no retry.
    await rm(dataDir, { recursive: true, force: true });
  },
  host: async ({ sandboxOptions, sandboxInternals, dataDir, firstRun, prepare }, use) => {
    const host = await startTestHost({
      dataDir,
      sandboxOptions,
      sandboxInternals,
      firstRun,
      prepare,
    });
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
