import { describe, expect, it } from 'vitest';
import { isUiLocale, matchLocale, resolveLocale, systemLanguages } from './locale';

describe('matchLocale', () => {
  it('takes an exact shipped tag', () => {
    expect(matchLocale(['zh-CN'])).toBe('zh-CN');
    expect(matchLocale(['ja'])).toBe('ja');
  });

  it('takes the language of a regional tag, in the order preferred', () => {
    expect(matchLocale(['fr-CA', 'de'])).toBe('fr');
    expect(matchLocale(['pt-BR', 'de-AT', 'fr'])).toBe('de');
    expect(matchLocale(['es_MX'])).toBe('es');
    expect(matchLocale(['en-GB'])).toBe('en');
  });

  it('gives Simplified Chinese to Simplified tags only', () => {
    expect(matchLocale(['zh'])).toBe('zh-CN');
    expect(matchLocale(['zh-Hans-SG'])).toBe('zh-CN');
    expect(matchLocale(['zh-TW', 'ja'])).toBe('ja');
    expect(matchLocale(['zh-Hant'])).toBe('en');
  });

  it('falls back to English for nothing shipped or malformed tags', () => {
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(['pt-BR', 'not a tag!'])).toBe('en');
  });
});

describe('isUiLocale', () => {
  it('knows the shipped locales and the pseudo-locale', () => {
    expect(isUiLocale('de')).toBe(true);
    expect(isUiLocale('pseudo')).toBe(true);
    expect(isUiLocale('de-DE')).toBe(false);
  });
});

describe('the OS’s languages', () => {
  it('resolves the OS’s ordered list to a shipped locale, skipping what Kiln does not ship', () => {
    // macOS/Windows report the user's list as Electron gives it: region tags, some unshipped.
    expect(resolveLocale('system', systemLanguages(['ko-KR', 'ja-JP', 'en-US'], 'ko'))).toBe('ja');
    expect(resolveLocale(undefined, systemLanguages(['de-CH'], 'de'))).toBe('de');
    expect(resolveLocale('system', systemLanguages(['zh-Hant-TW', 'ko'], 'zh-TW'))).toBe('en');
  });

  it('falls back to the app’s one locale when the OS gives no list', () => {
    expect(systemLanguages([], 'fr-FR')).toEqual(['fr-FR']);
    expect(systemLanguages([''], '')).toEqual([]);
    expect(resolveLocale('system', systemLanguages([], 'es-419'))).toBe('es');
  });

  it('takes the Language setting over the OS’s languages when one is chosen', () => {
    expect(resolveLocale('fr', ['de-DE'])).toBe('fr');
    expect(resolveLocale('pseudo', ['de-DE'])).toBe('pseudo');
    // A value no shipped locale has (a newer Kiln's setting) follows the OS.
    expect(resolveLocale('ko', ['de-DE'])).toBe('de');
  });
});
