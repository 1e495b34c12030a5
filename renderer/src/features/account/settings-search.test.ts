import { i18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SETTINGS } from '../../../../shared/settings';
import {
  entryMatches,
  foldForSearch,
  searchSettings,
  settingEntries,
  type SettingsEntry,
} from './settings-search';

/** The shared catalog (the settings' words), compiled from its `.po` as the app loads it. */
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/shared/{fr,de,ja}.po', {
  eager: true,
});
function speak(locale: 'fr' | 'de' | 'ja') {
  const found = Object.entries(catalogs).find(([file]) => file.endsWith(`/${locale}.po`));
  i18n.loadAndActivate({ locale, messages: found![1].messages });
}
afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

/** The settings' entries as the window words them in the active language. */
const entries = () => settingEntries((w) => i18n._(w));
/** `query`'s matches as `{ group: [ids] }`, groups in the window's order. */
const found = (query: string, extra: SettingsEntry[] = []) =>
  searchSettings([...entries(), ...extra], query, i18n.locale).map((m) => [
    m.group,
    m.entries.map((e) => e.id),
  ]);

describe('the Settings window’s search', () => {
  it('reads every declared setting the window shows, in its group, by its words and key', () => {
    const all = entries();
    expect(all.map((e) => [e.id, e.group])).toEqual(PAGE_SETTINGS.map((s) => [s.key, s.group]));
    expect(all.find((e) => e.id === 'exportDir')?.words).toEqual([
      'Export folder',
      'Where exports, prints and CSVs are saved (full path).',
      'exportDir',
    ]);
  });

  it('finds settings by label, hint or key, grouped in the window’s order', () => {
    expect(found('folder')).toEqual([['files', ['exportDir']]]);
    // A hint's word, any case; every word of the query must be there.
    expect(found('WARNING')).toEqual([['spending', ['lowBalanceUsd', 'spendWarningUsd']]]);
    expect(found('warning month')).toEqual([['spending', ['spendWarningUsd']]]);
    expect(found('requestbudget')).toEqual([['advanced', ['requestBudget']]]);
    // Across groups, the window's group order, not the query's.
    expect(found('follow the system')).toEqual([['general', ['theme', 'language']]]);
    expect(found('no such knob')).toEqual([]);
    // A panel of its own is found like a setting, in its group (Advanced, after the others).
    const sandbox = { id: 'sandbox-failures', group: 'advanced', words: ['Builds that fail'] };
    expect(found('fail', [sandbox as SettingsEntry])).toEqual([['advanced', ['sandbox-failures']]]);
  });

  it('matches in the language shown, accents or not, and by key in every language', () => {
    speak('fr');
    expect(entries().find((e) => e.id === 'exportDir')?.words[0]).toBe('Dossier d’export');
    expect(found('dossier')).toEqual([['files', ['exportDir']]]);
    // "dépenser" typed without its accent.
    expect(found('depenser')).toEqual([['spending', ['confirmAboveUsd']]]);
    // The English words are not what a French reader sees; the key still works.
    expect(found('folder')).toEqual([]);
    expect(found('exportdir')).toEqual([['files', ['exportDir']]]);

    speak('de');
    expect(found('ordner')).toEqual([['files', ['exportDir']]]);

    speak('ja');
    const japanese = entries().find((e) => e.id === 'exportDir')!.words[0]!;
    expect(found(japanese)).toEqual([['files', ['exportDir']]]);
  });

  it('folds case, accents and spaces the language’s way', () => {
    expect(foldForSearch('  Équipe   Ärger ', 'fr')).toBe('equipe arger');
    // Turkish dotted capital I lower-cases to a plain i in Turkish.
    expect(foldForSearch('İZMİR', 'tr')).toBe('izmir');
    expect(entryMatches({ id: 'x', group: 'general', words: ['A b'] }, '   ', 'en')).toBe(true);
  });
});
