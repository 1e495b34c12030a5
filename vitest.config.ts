import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  // Tests import components that use Lingui's macros and `.po` catalogs, as the app build does.
  plugins: [lingui({ macroTransform: true })],
  test: {
    include: [
      '{shared,electron,renderer,tools}/**/*.test.{ts,tsx}',
      'tests/{support,health,bench,preflight}/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/support/i18n-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Three files at a time on two cores: many files wait on real timers and servers (restarts,
    // chaos, job polling) between bursts of CPU, and two workers kept 1.6 cores busy (163 s
    // alone); three take 148 s (2026-11-28). The CPU-heavy generation tests have no timing limit
    // that a third worker beside them could break.
    maxWorkers: 3,
  },
});
