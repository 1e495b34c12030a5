/**
 * The languages Kiln ships, and how a person's preferred languages (the OS's, the browser's) are
 * matched to one of them. Plain data and functions: the renderer, Electron main and the core all
 * import it (no Lingui macro here, see docs/i18n.md).
 */

/** The shipped locales, source language first (BCP 47 tags, as Lingui's catalogs are named). */
export const LOCALES = ['en', 'zh-CN', 'ja', 'de', 'fr', 'es'] as const;

/** A shipped locale. */
export type Locale = (typeof LOCALES)[number];

/** The development-only pseudo-locale: accented, longer, bracketed text (docs/i18n.md). */
export const PSEUDO_LOCALE = 'pseudo';

/** A locale the renderer can show: a shipped one or, in development and tests, the pseudo-locale. */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/**
 * Chromium's locale pak of each shipped locale: the installers keep only these
 * (electron-builder `electronLanguages`, checked against this list by packaging.test.ts).
 */
export const CHROMIUM_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  'zh-CN': 'zh-CN',
  ja: 'ja',
  de: 'de',
  fr: 'fr',
  es: 'es',
};

/** The source language, and the fallback when nothing the person prefers is shipped. */
export const SOURCE_LOCALE: Locale = 'en';

/** The name of each locale in its own language, for the Language choice. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  'zh-CN': '简体中文',
  ja: '日本語',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/**
 * The first shipped locale that matches the preferred languages, in their order: an exact tag
 * first (`zh-CN`), then the language alone (`fr-CA` → `fr`, `de-AT` → `de`); any Chinese tag
 * other than a Traditional one (`zh-TW`, `zh-HK`, `zh-Hant…`) takes Simplified Chinese.
 * Nothing matching: English.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const found = matchOne(tag);
    if (found) return found;
  }
  return SOURCE_LOCALE;
}

function matchOne(tag: string): Locale | undefined {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? '';
  } catch {
    return undefined;
  }
  const exact = LOCALES.find((l) => l.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const { language, script, region } = new Intl.Locale(canonical);
  if (language === 'zh') {
    const traditional = script === 'Hant' || (!script && ['TW', 'HK', 'MO'].includes(region ?? ''));
    return traditional ? undefined : 'zh-CN';
  }
  return LOCALES.find((l) => l === language);
}

/** Whether a value names a locale the renderer can show. */
export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The locale a Language setting asks for: the one chosen, else (`system`, or no setting yet) the
 * best shipped match for the OS's preferred languages (Electron's main process asks the OS;
 * the page gets that list over `app:info`, the browser host's page reads `navigator.languages`).
 */
export function resolveLocale(setting: unknown, preferred: readonly string[]): UiLocale {
  return isUiLocale(setting) ? setting : matchLocale(preferred);
}

/**
 * The OS's preferred languages, most wanted first, as Electron reports them: the user's ordered
 * list (`app.getPreferredSystemLanguages()`), else the one locale the app runs in
 * (`app.getLocale()`), for an OS or Electron build that reports no list.
 */
export function systemLanguages(preferred: readonly string[], appLocale: string): string[] {
  const list = preferred.filter((tag) => tag.trim() !== '');
  return list.length > 0 ? list : appLocale ? [appLocale] : [];
}
