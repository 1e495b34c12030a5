import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{shared,electron,renderer,tools}/**/*.test.{ts,tsx}',
      'tests/{support,health,bench,preflight}/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: generation tests are CPU-heavy, so keep to two workers.
    maxWorkers: 2,
  },
});
