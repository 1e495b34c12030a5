/**
 * The Language setting on the page: when it (or, for "Follow the system", the OS's language)
 * names another locale than the one active, its catalogs load and every message and format
 * switches at once, without a restart.
 */
import { useEffect } from 'react';
import type { Language } from '../../../shared/settings';
import { activateLocale, localeFor, requestedLocale } from './i18n';

/**
 * Keeps the active locale on what `language` asks for while the calling component is mounted;
 * "Follow the system" follows `systemLanguages` (the desktop app's OS languages, `app:info`) or,
 * without them, the browser's.
 */
export function useLanguage(
  language: Language | undefined,
  systemLanguages?: readonly string[],
): void {
  useEffect(() => {
    const wanted = localeFor(language, systemLanguages);
    // Compared with the locale last asked for, not the active one: one still loading (the
    // browser's guess, before the settings came) would otherwise land after this one.
    if (requestedLocale() !== wanted) void activateLocale(wanted);
    if (language !== undefined && language !== 'system') return;
    // Following the system: a change of the OS's (or browser's) language follows too.
    const onChange = () => {
      const now = localeFor(language, systemLanguages);
      if (requestedLocale() !== now) void activateLocale(now);
    };
    window.addEventListener('languagechange', onChange);
    return () => window.removeEventListener('languagechange', onChange);
  }, [language, systemLanguages]);
}
