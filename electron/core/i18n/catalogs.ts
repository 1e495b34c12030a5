/// <reference types="vite/types/importMeta.d.ts" />
/**
 * The main process's compiled catalogs: the `main` area (its menu, dialogs, notifications) and
 * the `shared` one (the page's commands, listed in the menu), per locale. The `.po` files are
 * compiled where they are imported, by @lingui/vite-plugin, in the Electron main bundle and in
 * vitest (vite.config.ts, vitest.config.ts): so only code Vite builds may import this file (the
 * Electron shell and tests), never the browser host, which runs the core under tsx.
 */
import type { Messages } from '@lingui/core';
import type { UiLocale } from '../../../shared/locale';

const files = import.meta.glob<{ messages: Messages }>(
  ['../../../renderer/src/locales/main/*.po', '../../../renderer/src/locales/shared/*.po'],
  { eager: true },
);

/** The messages of `locale` for the main process, merged from its catalogs. */
export function mainCatalogs(locale: UiLocale): Messages {
  const ofLocale = Object.entries(files).filter(([path]) => path.endsWith(`/${locale}.po`));
  return Object.assign({}, ...ofLocale.map(([, file]) => file.messages)) as Messages;
}
