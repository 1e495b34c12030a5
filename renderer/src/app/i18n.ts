/**
 * The renderer's Lingui runtime: which locale is active, and its catalogs loaded lazily (one
 * chunk per catalog and locale, compiled from the `.po` files by @lingui/vite-plugin on import),
 * merged into one `i18n.load`. `<html lang>` follows the active locale.
 */
import { i18n, type Messages } from '@lingui/core';
import { setFormatLocale } from '../../../shared/format';
import type { Language } from '../../../shared/settings';
import {
  PSEUDO_LOCALE,
  SOURCE_LOCALE,
  isUiLocale,
  matchLocale,
  type UiLocale,
} from '../../../shared/locale';

/**
 * Every catalog of every locale, each a lazy chunk: `../locales/<area>/<locale>.po`; not the
 * `main` area, whose words (the native menu, dialogs, notifications) the main process shows.
 */
const catalogs = import.meta.glob<{ messages: Messages }>([
  '../locales/*/*.po',
  // A path pattern, not words; Vite reads the glob's arguments as literals, so it cannot be named.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  '!../locales/main/*.po',
]);

/** The catalogs of one locale, loaded and merged into one set of messages. */
async function loadMessages(locale: UiLocale): Promise<Messages> {
  const ofLocale = Object.entries(catalogs).filter(([path]) => path.endsWith(`/${locale}.po`));
  const loaded = await Promise.all(ofLocale.map(([, load]) => load()));
  return Object.assign({}, ...loaded.map((m) => m.messages)) as Messages;
}

/**
 * The locale to start in: `?lang=` in the address (the pseudo-locale for development and tests,
 * docs/i18n.md), else the best shipped match for the browser's (Chromium's: the OS's) languages.
 */
export function initialLocale(search = location.search, languages = navigator.languages): UiLocale {
  const asked = new URLSearchParams(search).get('lang');
  if (isUiLocale(asked)) return asked;
  return matchLocale(languages);
}

/**
 * The locale a Language setting asks for: the one chosen, else (`system`, or no setting read
 * yet) `?lang=`, else the OS's languages: the desktop app's main process tells them
 * (`systemLanguages` of `app:info`, from `app.getPreferredSystemLanguages()`); the browser
 * host's page reads its browser's.
 */
export function localeFor(
  language: Language | undefined,
  systemLanguages?: readonly string[],
): UiLocale {
  if (language && language !== 'system') return language;
  return systemLanguages?.length
    ? initialLocale(location.search, systemLanguages)
    : initialLocale();
}

/** The locale the last {@link activateLocale} call asked for (active, or its catalogs loading). */
let requested: UiLocale | undefined;

/** The locale the page is in, or is switching to: what a new request is compared with. */
export function requestedLocale(): string {
  return requested ?? i18n.locale;
}

/**
 * Loads and activates a locale (the last call wins): every message, and every number, amount,
 * date and size (`shared/format.ts`), switch at once; `<html lang>` follows (screen readers,
 * CJK glyphs).
 */
export async function activateLocale(locale: UiLocale): Promise<void> {
  requested = locale;
  let messages: Messages;
  try {
    messages = await loadMessages(locale);
  } catch (error) {
    // Not asked for any more: the next request for it loads it again instead of being skipped.
    if (requested === locale) requested = undefined;
    throw error;
  }
  // A later call asked for another locale meanwhile: its catalogs may have come first, and an
  // older call finishing last would put the page back in the language the artist left (seen in
  // CI: the browser's guess, still loading, landed after the chosen German).
  if (requested !== locale) return;
  const tag = locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
  setFormatLocale(tag);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = tag;
}

export { i18n };
