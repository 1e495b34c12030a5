/**
 * The page's language when the Language setting follows the system: the desktop app's OS
 * languages (from the main process over `app:info`), else the browser's; a chosen one wins.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeFor } from './i18n';

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
