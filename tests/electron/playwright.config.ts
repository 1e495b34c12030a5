import { defineConfig } from '@playwright/test';

/**
 * The real-Electron smoke suite (`npm run test:electron`, through tests/electron/run.ts): each test
 * launches the built app with Playwright's `_electron` on a fresh user-data folder. One at a time:
 * every test is a whole Electron app, and two would share the machine's keychain and display.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: 'list',
  // Beside the e2e suite's, where CI keeps the traces of failed tests.
  outputDir: '../../test-results/electron',
  use: { trace: 'retain-on-failure' },
});
