/**
 * `npm run test:faults`: the reliability suite. Each file records its figures (operations, faults
 * injected by kind, restarts, bad inputs, invariants checked and violated); the global teardown
 * prints them together at the end. `KILN_FAULTS_SIZE=small` is the size `npm test` runs;
 * `KILN_FAULTS_SEED` replays a run.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: `${import.meta.dirname}/../..`,
    include: ['tests/faults/**/*.test.ts'],
    // npm test's small size keeps to its time budget: the account and hostile-server runs (each
    // about a minute of real generations and timeouts) belong to the full run only.
    exclude:
      process.env['KILN_FAULTS_SIZE'] === 'small'
        ? ['tests/faults/account.test.ts', 'tests/faults/hostile-server.test.ts']
        : [],
    environment: 'node',
    globalSetup: ['tests/faults/global-setup.ts'],
    // A job's note is a message of the artist's language: the suite reads it in English, as the
    // unit tests do (the full run's account faults failed without a locale).
    setupFiles: ['tests/support/i18n-setup.ts'],
    // The full restart run (100 kills) takes ~9 min on a quiet 2-core machine: room for load.
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    // Two cores, shared with the sandbox's mesh work: one file at a time keeps timings honest.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
