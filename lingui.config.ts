/**
 * Lingui's configuration: English is the source; each area of the app has its own catalog so that
 * people converting different areas edit different `.po` files (see docs/i18n.md).
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES, PSEUDO_LOCALE } from './shared/locale';

/** One catalog per area: its name and the folders whose messages it holds. */
const areas: Record<string, string[]> = {
  app: ['renderer/src/app', 'renderer/src/ui', 'renderer/src/store', 'renderer/src/main.tsx'],
  account: ['renderer/src/features/account', 'renderer/src/features/billing'],
  create: [
    'renderer/src/features/create',
    'renderer/src/features/preflight',
    'renderer/src/features/batch',
  ],
  library: [
    'renderer/src/features/library',
    'renderer/src/features/activity',
    'renderer/src/features/desktop',
    'renderer/src/features/presence',
  ],
  viewer: ['renderer/src/viewer', 'renderer/src/features/ops'],
  shared: ['shared'],
  // The main process's menu, dialogs and notifications (plain message objects, no macro).
  main: ['electron/core/i18n'],
};

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, PSEUDO_LOCALE],
  pseudoLocale: PSEUDO_LOCALE,
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: Object.entries(areas).map(([name, include]) => ({
    path: `<rootDir>/renderer/src/locales/${name}/{locale}`,
    include,
    exclude: ['**/*.test.*', '**/node_modules/**'],
  })),
});
