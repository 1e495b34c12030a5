/**
 * The main process's language: the OS's preferred languages resolved to a shipped locale, the
 * Language setting over them, a change told once to the listeners (the menu is rebuilt), and
 * English kept for what support reads.
 */
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../shared/locale';
import { testLanguage } from '../testing/main-language';
import { DIALOG, MENU, NOTICE } from './main-words';

describe('MainLanguage', () => {
  it('speaks the first of the OS’s languages that Kiln ships', () => {
    const language = testLanguage(['ko-KR', 'ja-JP', 'en-US']);
    expect(language.locale).toBe('ja');
    expect(language.say(MENU.file)).toBe('ファイル(&F)');
    expect(testLanguage(['pt-BR']).say(MENU.file)).toBe('&File');
  });

  it('follows the Language setting at once, and tells the listeners only of a real change', () => {
    const language = testLanguage(['de-AT']);
    const changed = vi.fn();
    language.onChange(changed);
    expect(language.apply('system')).toBe(false);
    expect(language.say(MENU.edit)).toBe('&Bearbeiten');
    expect(language.apply('fr')).toBe(true);
    expect(language.say(MENU.edit)).toBe('&Édition');
    expect(language.apply('fr')).toBe(false);
    expect(language.apply('system')).toBe(true);
    expect(language.locale).toBe('de');
    expect(changed.mock.calls).toEqual([['fr'], ['de']]);
  });

  it('fills values and plurals in every shipped language, and keeps English for support', () => {
    const language = testLanguage(['es-MX']);
    expect(language.say(DIALOG.ready, { version: '1.2.0' })).toBe('Kiln 1.2.0 está listo');
    expect(language.english(DIALOG.ready, { version: '1.2.0' })).toBe('Kiln 1.2.0 is ready');
    for (const locale of LOCALES) {
      language.apply(locale);
      const title = language.say(NOTICE.manyTitle, { count: 3 });
      expect(title, locale).toContain('3');
      expect(title, locale).not.toMatch(/[{}#]/);
    }
  });

  it('marks its words in the pseudo-locale too (development), values kept', () => {
    const language = testLanguage(['en']);
    language.apply('pseudo');
    const said = language.say(NOTICE.readyTitle, { source: 'cup.png' });
    expect(said).toContain('cup.png');
    expect(said).not.toBe('Ready: cup.png');
  });
});
