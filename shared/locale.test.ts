import { describe, expect, it } from 'vitest';
import { isUiLocale, matchLocale } from './locale';

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
