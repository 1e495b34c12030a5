/**
 * Settings, as a desktop app's preferences window (VS Code's, Blender's): a search across every
 * setting at the top, the groups of shared/settings.ts in a list on the inline-start side, and
 * the chosen group's settings beside it. The group last shown is remembered (Kiln's
 * `settingsGroup` memory). Typed values wait for "Save settings" across groups and searches;
 * saving sends only what changed, and a refused value shows the core's sentence next to its
 * field (its group opened for it) with nothing else lost. Switches apply at once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent } from 'react';
import { SETTING_GROUP_IDS } from '../../../../shared/settings';
import {
  isSettingGroup,
  SETTING_GROUPS,
  settingsByGroup,
  type SettingGroupId,
} from '../../../../shared/setting-groups';
import { useKiln } from '../../store/StoreProvider';
import { Tabs } from '../../ui/Tabs';
import { SettingsActions } from './SettingsActions';
import { SettingsGroupContent } from './SettingsGroupContent';
import { useSettingsPanels } from './settings-panels';
import { searchSettings, settingEntries } from './settings-search';
import { useSettingsForm } from './use-settings-form';
import { draftOf, unsavedGroups } from './settings-draft';

const GROUPS = settingsByGroup();

/** The group list's tabs, each group with unsaved edits noted (`note`, its words). */
function groupTabs(
  label: (group: SettingGroupId) => string,
  unsaved: ReadonlySet<SettingGroupId>,
  note: string,
) {
  return SETTING_GROUPS.map((g) => ({
    id: g.id,
    label: label(g.id),
    note: unsaved.has(g.id) ? note : undefined,
  }));
}

/** The settings tab. */
export function SettingsSection() {
  const remembered = useKiln((s) => s.settings?.settingsGroup);
  const updateSettings = useKiln((s) => s.updateSettings);
  const id = useId();
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<SettingGroupId>(() =>
    isSettingGroup(remembered) ? remembered : SETTING_GROUP_IDS[0],
  );
  const { t, i18n } = useLingui();
  /** Shows `next`, leaving a search. */
  const show = (next: SettingGroupId) => {
    setQuery('');
    setGroup(next);
  };
  const form = useSettingsForm(show);
  const panels = useSettingsPanels(form.fail);
  if (!form.settings || !form.draft) {
    return (
      <p className="muted account-section">
        <Trans>Reading the settings…</Trans>
      </p>
    );
  }

  /** A group picked in the list: shown, and remembered for the next time Settings opens. */
  const pick = (next: SettingGroupId) => {
    show(next);
    if (next !== remembered) void updateSettings({ settingsGroup: next }).catch(() => undefined);
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Escape empties a search first; on an empty one it closes the account page as elsewhere.
    if (e.key !== 'Escape' || query === '') return;
    e.preventDefault();
    e.stopPropagation();
    setQuery('');
  };

  const searching = query.trim() !== '';
  const unsaved = unsavedGroups(form.draft, draftOf(form.settings));
  const matches = searching
    ? searchSettings([...settingEntries((w) => i18n._(w)), ...panels], query, i18n.locale)
    : [];
  const label = (groupId: SettingGroupId) =>
    i18n._(SETTING_GROUPS.find((g) => g.id === groupId)!.label);
  const shownFields = new Set(
    searching
      ? matches.flatMap((m) => m.entries.map((e) => e.id))
      : GROUPS.find((g) => g.id === group)!.settings.map((s) => s.key),
  );

  return (
    <form
      className="account-section settings-form settings-window"
      onSubmit={(e) => {
        e.preventDefault();
        form.save();
      }}
      data-testid="account-settings"
      noValidate
    >
      <div className="settings-search">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
          placeholder={t`Search settings`}
          aria-label={t`Search settings`}
          aria-controls="settings-panel"
          spellCheck={false}
          data-testid="settings-search"
        />
      </div>
      <div
        className="settings-nav"
        // The arrows move along the list; they must not also scroll the page under it.
        onKeyDown={(e) => e.key.startsWith('Arrow') && e.preventDefault()}
      >
        <Tabs
          label={t`Settings groups`}
          idPrefix="settings"
          orientation="vertical"
          value={group}
          onChange={pick}
          tabs={groupTabs(label, unsaved, t`Unsaved changes`)}
        />
      </div>
      <div
        className="settings-page"
        id="settings-panel"
        data-testid="settings-page"
        data-group={searching ? undefined : group}
        {...(searching
          ? { role: 'region', 'aria-label': t`Settings found` }
          : { role: 'tabpanel', 'aria-labelledby': `settings-tab-${group}` })}
      >
        <p className="settings-status" role="status">
          {searching && matches.length === 0 ? (
            <span data-testid="settings-no-match">
              <Trans>No setting matches “{query}”</Trans>
            </span>
          ) : null}
        </p>
        {(searching ? matches : [{ group, entries: undefined }]).map((m) => (
          <section
            key={m.group}
            className="settings-group"
            aria-labelledby={`${id}-${m.group}`}
            data-testid={`settings-group-page-${m.group}`}
          >
            <h3 id={`${id}-${m.group}`}>{label(m.group)}</h3>
            <SettingsGroupContent
              group={m.group}
              only={m.entries && new Set(m.entries.map((e) => e.id))}
              panels={panels}
              form={form}
            />
          </section>
        ))}
      </div>
      <SettingsActions form={form} shownFields={shownFields} />
    </form>
  );
}
