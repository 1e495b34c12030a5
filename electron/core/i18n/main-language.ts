/**
 * The main process's language: the Language setting when one is chosen, else the OS's preferred
 * languages matched to a shipped locale (shared/locale.ts). Its words (main-words.ts) are shown
 * through a Lingui runtime of its own, loaded with the compiled catalogs the shell passes in;
 * a change of the setting switches them at once and tells the listeners (the app menu is
 * rebuilt), with no restart. Plain Node: the Electron shell gives it the OS's languages.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { resolveLocale, SOURCE_LOCALE, type UiLocale } from '../../../shared/locale';
import type { Words } from '../../../shared/words';

/** Values of a message's `{placeholders}`. */
export type WordValues = Readonly<Record<string, string | number>>;

/** Shows a message in the current language, with its values. */
export type Say = (words: Words, values?: WordValues) => string;

/** The compiled messages of one locale (the `main` and `shared` catalogs, merged). */
export type Catalogs = (locale: UiLocale) => Messages;

/** Options of {@link MainLanguage}. */
export type MainLanguageOptions = Readonly<{
  catalogs: Catalogs;
  /** The OS's preferred languages, most wanted first (`systemLanguages` of shared/locale.ts). */
  systemLanguages: () => readonly string[];
}>;

/** The language the main process speaks, following the Language setting and the OS. */
export class MainLanguage {
  readonly #o: MainLanguageOptions;
  readonly #i18n: I18n;
  readonly #english: I18n;
  readonly #listeners = new Set<(locale: UiLocale) => void>();

  constructor(options: MainLanguageOptions) {
    this.#o = options;
    this.#english = setupI18n({
      locale: SOURCE_LOCALE,
      messages: { [SOURCE_LOCALE]: options.catalogs(SOURCE_LOCALE) },
    });
    const locale = resolveLocale(undefined, options.systemLanguages());
    this.#i18n = setupI18n({ locale, messages: { [locale]: options.catalogs(locale) } });
  }

  /** The locale the main process speaks now. */
  get locale(): UiLocale {
    return this.#i18n.locale as UiLocale;
  }

  /** The OS's preferred languages (the page follows them too, over `app:info`). */
  systemLanguages(): string[] {
    return [...this.#o.systemLanguages()];
  }

  /**
   * Follows a Language setting's value (`system`, a locale, or none yet): switches the words when
   * it names another locale than the current one, and tells the listeners. True when it switched.
   */
  apply(setting: unknown): boolean {
    const locale = resolveLocale(setting, this.#o.systemLanguages());
    if (locale === this.locale) return false;
    this.#i18n.loadAndActivate({ locale, messages: this.#o.catalogs(locale) });
    for (const listener of this.#listeners) listener(locale);
    return true;
  }

  /** Calls `listener` after each switch; returns its removal. */
  onChange(listener: (locale: UiLocale) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** A message in the current language. */
  readonly say: Say = (words, values) =>
    this.#i18n._({ id: words.id, message: words.message, values: { ...words.values, ...values } });

  /** A message in English, for what support reads (diagnostics), whatever the language. */
  readonly english: Say = (words, values) =>
    this.#english._({
      id: words.id,
      message: words.message,
      values: { ...words.values, ...values },
    });
}
