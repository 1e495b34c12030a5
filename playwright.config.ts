import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/**
 * e2e tests drive the built renderer in Debian's Chromium, against the browser host started
 * in-process per test (tests/support/fixtures.ts). WebGL comes from SwiftShader.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Two cores: the sandbox generates models in-process, so one test at a time.
  workers: 1,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
