/**
 * The Settings window's unsaved edits: the typed and chosen values of every declared setting that
 * waits for "Save settings" (switches apply at once and have none), across all groups, so moving
 * to another group or searching loses nothing.
 */
import { t } from '@lingui/core/macro';
import type { SettingsPatch, SettingsView } from '../../../../shared/ipc/contract';
import { PAGE_SETTINGS, type PageSetting } from '../../../../shared/settings';
import type { SettingGroupId } from '../../../../shared/setting-groups';

/** A setting edited in the draft: every declared one the window shows, but its switches. */
export type DraftField = Exclude<PageSetting, { kind: 'flag' }>['key'];

/** The settings saved with "Save settings", in declaration order. */
export const DRAFT_SETTINGS = PAGE_SETTINGS.filter(
  (s): s is Extract<PageSetting, { key: DraftField }> => s.kind !== 'flag',
);

/** The draft: each field's text as typed. */
export type Draft = Record<DraftField, string>;

/** The draft of the saved settings `s`. */
export function draftOf(s: SettingsView): Draft {
  const out = {} as Draft;
  for (const { key } of DRAFT_SETTINGS) {
    const v = s[key];
    out[key] = v === undefined ? '' : String(v);
  }
  return out;
}

/** The change from `saved` to `draft`, or a local refusal for a field. */
export function patchOf(
  draft: Draft,
  saved: Draft,
): { patch: SettingsPatch } | { field: DraftField; message: string } {
  const patch: Record<string, unknown> = {};
  for (const { key, kind } of DRAFT_SETTINGS) {
    const value = draft[key].trim();
    if (value === saved[key]) continue;
    if (kind === 'int') {
      if (!/^\d+$/.test(value)) return { field: key, message: t`Enter a whole number.` };
      patch[key] = Number(value);
    } else if (kind === 'usd') {
      patch[key] = value === '' ? null : value;
    } else if (key === 'exportDir' && value === '') {
      patch[key] = null;
    } else {
      patch[key] = value;
    }
  }
  return { patch: patch as SettingsPatch };
}

/**
 * The groups holding a typed value that differs from the saved one (what "Save settings" would
 * send), so their names can say so while the artist is on another group or searching.
 */
export function unsavedGroups(draft: Draft, saved: Draft): ReadonlySet<SettingGroupId> {
  return new Set(
    DRAFT_SETTINGS.filter(({ key }) => draft[key].trim() !== saved[key]).map((s) => s.group),
  );
}
