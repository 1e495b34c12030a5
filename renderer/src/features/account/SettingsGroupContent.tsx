/**
 * What one group of the Settings window shows: its panels of their own (the connection, the
 * updater's, the sandbox's) and its declared settings in their order; during a search, only the
 * ones found.
 */
import { settingsByGroup, type SettingGroupId } from '../../../../shared/setting-groups';
import { SettingRow } from './SettingRow';
import type { SettingsPanel } from './settings-panels';
import type { SettingsForm } from './use-settings-form';

const GROUPS = settingsByGroup();

/** The content of `group`; with `only`, of the entries (setting keys, panel ids) it names. */
export function SettingsGroupContent(props: {
  group: SettingGroupId;
  only?: ReadonlySet<string> | undefined;
  panels: readonly SettingsPanel[];
  form: SettingsForm;
}) {
  const { group, only, panels, form } = props;
  const { settings, draft, error } = form;
  if (!settings || !draft) return null;
  const shown = (entryId: string) => !only || only.has(entryId);
  const panelsAt = (place: SettingsPanel['place']) =>
    panels
      .filter((p) => p.group === group && p.place === place && shown(p.id))
      .map((p) => (
        <div className="settings-panel" key={p.id} data-testid={`settings-entry-${p.id}`}>
          {p.node}
        </div>
      ));
  return (
    <>
      {panelsAt('before')}
      {GROUPS.find((g) => g.id === group)!
        .settings.filter((s) => shown(s.key))
        .map((s) => (
          <SettingRow
            key={s.key}
            setting={s}
            value={s.kind === 'flag' ? '' : draft[s.key]}
            checked={s.kind === 'flag' && settings[s.key] === true}
            refusal={error?.field === s.key ? error.message : undefined}
            onText={(value) => s.kind !== 'flag' && form.edit(s.key, value)}
            onFlag={(checked) => form.flip(s.key, checked)}
          />
        ))}
      {panelsAt('after')}
    </>
  );
}
