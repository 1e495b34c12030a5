/**
 * The groups of the Settings window (shared/settings.ts names each shown setting's group). A
 * module of its own so that the group list and its words load with the Settings window, not
 * with the app's first chunk, which reads the settings but never shows them.
 */
import {
  PAGE_SETTINGS,
  SETTING_GROUP_IDS,
  type PageSetting,
  type SettingGroupId,
} from './settings';
import type { Words } from './words';

/**
 * The groups of the Settings window, in the order its list shows them: each setting the window
 * shows names its group (`page.group` in shared/settings.ts), and the window's pages, headings
 * and search results are derived from that. Advanced, last, holds the knobs an artist seldom
 * needs (budgets, and in the sandbox its test switches).
 */
export const SETTING_GROUPS: ReadonlyArray<Readonly<{ id: SettingGroupId; label: Words }>> = [
  { id: 'general', label: /*i18n*/ { id: 'settingGroup.general', message: 'General' } },
  { id: 'files', label: /*i18n*/ { id: 'settingGroup.files', message: 'Files & folders' } },
  { id: 'spending', label: /*i18n*/ { id: 'settingGroup.spending', message: 'Spending' } },
  {
    id: 'service',
    label: /*i18n*/ { id: 'settingGroup.service', message: 'Account & service' },
  },
  { id: 'updates', label: /*i18n*/ { id: 'settingGroup.updates', message: 'Updates' } },
  { id: 'advanced', label: /*i18n*/ { id: 'settingGroup.advanced', message: 'Advanced' } },
];

export type { SettingGroupId };

/** Whether `id` names a group of the Settings window (a remembered one may not). */
export function isSettingGroup(id: unknown): id is SettingGroupId {
  return (SETTING_GROUP_IDS as readonly unknown[]).includes(id);
}

/** The Settings window's groups in order, each with the settings it shows (in their order). */
export function settingsByGroup(): ReadonlyArray<
  Readonly<{ id: SettingGroupId; label: Words; settings: readonly PageSetting[] }>
> {
  return SETTING_GROUPS.map((g) => ({
    ...g,
    settings: PAGE_SETTINGS.filter((s) => s.group === g.id),
  }));
}
