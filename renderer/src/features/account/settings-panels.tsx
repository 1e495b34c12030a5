/**
 * The Settings window's panels that are not one declared setting: the connection in use (the key
 * list's state), the updater's (its check at start and "Check now", or why this copy cannot
 * update itself) and, in the sandbox only, its build-failure switches. Each names the group of
 * shared/settings.ts it shows in and the words a search finds it by.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SettingGroupId } from '../../../../shared/setting-groups';
import { useKiln } from '../../store/StoreProvider';
import { UpdateSettings } from '../activity/UpdateSettings';
import { ConnectionFields } from './ConnectionFields';
import { SandboxBuildFailures } from './SandboxBuildFailures';
import type { SettingsEntry } from './settings-search';

/** A panel of its own in a group: before or after the group's declared settings. */
export interface SettingsPanel extends SettingsEntry {
  readonly place: 'before' | 'after';
  readonly node: ReactNode;
}

/** The panels shown now (the sandbox's only while Kiln talks to the sandbox). */
export function useSettingsPanels(onError: (message: string) => void): readonly SettingsPanel[] {
  const { t } = useLingui();
  const sandbox = useKiln((s) => s.keyState?.mode === 'sandbox');
  const panel = (
    id: string,
    group: SettingGroupId,
    place: SettingsPanel['place'],
    words: string[],
    node: ReactNode,
  ): SettingsPanel => ({ id, group, place, words: [...words, id], node });
  return [
    panel(
      'connection',
      'service',
      'before',
      [t`Connection`, t`Built-in sandbox (demo: nothing is charged, a library of its own)`],
      <ConnectionFields onError={onError} />,
    ),
    panel(
      'updates',
      'updates',
      'before',
      [t`Updates`, t`Check for updates when Kiln starts`],
      <UpdateSettings />,
    ),
    ...(sandbox
      ? [
          panel(
            'sandbox-failures',
            'advanced',
            'after',
            [t`Sandbox: builds that fail`],
            <SandboxBuildFailures />,
          ),
        ]
      : []),
  ];
}
