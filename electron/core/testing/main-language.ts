/**
 * The main process's language for tests: the real catalogs (compiled by vitest's Lingui plugin)
 * and the OS's preferred languages the test names.
 */
import { mainCatalogs } from '../i18n/catalogs';
import { MainLanguage } from '../i18n/main-language';

/** A MainLanguage whose OS prefers `systemLanguages` (English by default). */
export function testLanguage(systemLanguages: readonly string[] = ['en-US']): MainLanguage {
  return new MainLanguage({ catalogs: mainCatalogs, systemLanguages: () => systemLanguages });
}
