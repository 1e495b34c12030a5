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
    // Two cores: generation tests are CPU-heavy, so keep to two workers.
    maxWorkers: 2,
  },
});
