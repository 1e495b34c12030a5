/**
 * The Settings window's search: which settings (and panels of their own) match what the artist
 * typed, grouped as the window's list groups them. It reads the words the artist sees, in the
 * current language, and each setting's key (what a support answer or the docs name it by), so
 * "dossier" finds the export folder in French and "exportDir" finds it in every language.
 */
import type { Words } from '../../../../shared/words';
import { PAGE_SETTINGS } from '../../../../shared/settings';
import { SETTING_GROUPS, type SettingGroupId } from '../../../../shared/setting-groups';

/** Something the Settings window shows in a group: a declared setting or a panel of its own. */
export interface SettingsEntry {
  /** The setting's key, or the panel's name. */
  readonly id: string;
  readonly group: SettingGroupId;
  /** What a search reads: the words shown (label, hint) in the current language, and the key. */
  readonly words: readonly string[];
}

/** The entries of every declared setting the window shows, worded by `translate`. */
export function settingEntries(translate: (words: Words) => string): SettingsEntry[] {
  return PAGE_SETTINGS.map((s) => ({
    id: s.key,
    group: s.group,
    words: [translate(s.label), translate(s.hint), s.key],
  }));
}

/**
 * `text` as a search compares it: lower case the language's way, without accents (a French
 * "equipe" finds "équipe"), with runs of space as one.
 */
export function foldForSearch(text: string, locale: string): string {
  return text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of `query` appears in `entry`'s words (any order, any part of a word). */
export function entryMatches(entry: SettingsEntry, query: string, locale: string): boolean {
  const terms = foldForSearch(query, locale).split(' ').filter(Boolean);
  if (terms.length === 0) return true;
  const text = foldForSearch(entry.words.join(' \n '), locale);
  return terms.every((term) => text.includes(term));
}

/** A group of search results. */
export interface SettingsGroupMatch {
  readonly group: SettingGroupId;
  readonly entries: readonly SettingsEntry[];
}

/**
 * The entries matching `query`, grouped in the window's group order (entries in the order
 * given); groups with no match are left out, so an empty answer means "no setting matches".
 */
export function searchSettings(
  entries: readonly SettingsEntry[],
  query: string,
  locale: string,
): SettingsGroupMatch[] {
  const found = entries.filter((e) => entryMatches(e, query, locale));
  return SETTING_GROUPS.flatMap(({ id }) => {
    const inGroup = found.filter((e) => e.group === id);
    return inGroup.length ? [{ group: id, entries: inGroup }] : [];
  });
}
