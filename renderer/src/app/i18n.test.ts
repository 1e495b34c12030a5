/**
 * The page's language when the Language setting follows the system: the desktop app's OS
 * languages (from the main process over `app:info`), else the browser's; a chosen one wins.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n, localeFor, requestedLocale } from './i18n';

describe('localeFor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the OS’s languages the main process gives, over Chromium’s one locale', () => {
    vi.stubGlobal('location', { search: '' });
    vi.stubGlobal('navigator', { languages: ['en-US'] });
    expect(localeFor('system', ['ko-KR', 'ja-JP'])).toBe('ja');
    expect(localeFor(undefined, ['de-CH'])).toBe('de');
  });

  it('reads the browser’s languages where no OS list comes (the browser host)', () => {
    vi.stubGlobal('location', { search: '' });
    vi.stubGlobal('navigator', { languages: ['fr-CA', 'en'] });
    expect(localeFor('system', undefined)).toBe('fr');
    expect(localeFor('system', [])).toBe('fr');
  });

  it('keeps a chosen language, and `?lang=` over the OS’s', () => {
    vi.stubGlobal('location', { search: '?lang=pseudo' });
    vi.stubGlobal('navigator', { languages: ['en'] });
    expect(localeFor('es', ['ja-JP'])).toBe('es');
    expect(localeFor('system', ['ja-JP'])).toBe('pseudo');
  });
});

describe('activateLocale', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets the last call win when an older one finishes loading last', async () => {
    vi.stubGlobal('document', { documentElement: { lang: '' } });
    await activateLocale('de');
    // French's catalogs load for the first time; German's are loaded, so the newer call lands
    // first (in CI the browser's guess finished after the chosen German and stayed).
    const older = activateLocale('fr');
    const newer = activateLocale('de');
    await Promise.all([older, newer]);
    expect(i18n.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(requestedLocale()).toBe('de');
  });
});
