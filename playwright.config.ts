import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, E2E_CHROMIUM_ARGS } from './tests/support/chromium';

/**
 * e2e tests drive the built renderer in Chromium (tests/support/chromium.ts says which), against the browser host started
 * in-process per test (tests/support/fixtures.ts). WebGL comes from SwiftShader.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Four tests at a time on two cores: a test's CPU (the page, SwiftShader, its host and
  // sandbox) comes in bursts between waits on the sandbox's timers. Two workers kept 1.6 of the
  // 2 cores busy (1,005 CPU-s in 623 s, CI 2026-11-28 04:48), three 1.83 (915 CPU-s in 499 s),
  // four 1.92 (`npm test`'s tier: 6.4 min against 6.8, 2026-11-28 11:07). Each test has its own
  // host, data folder and sandbox, so they cannot see each other; the specs that measure a
  // user-facing time hold beside a CPU hog that keeps both cores busy (README "Test").
  workers: 4,
  // Tests, not files, are shared out: the longest file (viewer-turntable.spec.ts, two recordings
  // of minutes each) otherwise runs alone at the end while the other worker has nothing to do.
  fullyParallel: true,
  reporter: 'list',
  use: {
    // Pages ask for reduced motion: an endless CSS animation (a progress sweep, the job stage's
    // breathing photo) costs a drawn frame every 16 ms, CPU work on this GPU-less machine that
    // no check reads. What each animation does with and without it is tested where it lives
    // (presence-job-stage.spec.ts).
    reducedMotion: 'reduce',
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // A failed test keeps a screenshot of the page as it failed and Playwright's error context
    // (the page's accessibility tree then). The trace (actions, DOM snapshots, network, console)
    // is recorded on request, KILN_E2E_TRACE=1, and kept for the tests that fail: recording it
    // for every test cost the suite ~15 % of its CPU (a DOM snapshot at every action: 146–172
    // CPU-s against 183–186 for 21 tests of four specs, 2026-11-28), in a suite that is
    // CPU-bound on two cores (issue 27). No screencast either way: its frames cost more still.
    trace: process.env['KILN_E2E_TRACE']
      ? { mode: 'retain-on-failure', screenshots: false }
      : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS },
  },
});
