/**
 * The Settings window's form: the draft of the typed values (kept across groups and searches),
 * the refusal to show and "Saved."; saving sends only what changed, a switch applies at once.
 */
import { useEffect, useState } from 'react';
import { PAGE_SETTINGS } from '../../../../shared/settings';
import { type SettingGroupId } from '../../../../shared/setting-groups';
import { useKiln } from '../../store/StoreProvider';
import { draftOf, patchOf, type Draft, type DraftField } from './settings-draft';

/** A refused value: the core's (or the page's) sentence, and the setting it is about if any. */
export type Refusal = Readonly<{ field?: string; message: string }>;

/** The form of the saved settings; `onRefused` hears the group of a refused setting. */
export function useSettingsForm(onRefused: (group: SettingGroupId) => void) {
  const settings = useKiln((s) => s.settings);
  const updateSettings = useKiln((s) => s.updateSettings);
  const [draft, setDraft] = useState<Draft | undefined>(settings ? draftOf(settings) : undefined);
  const [error, setError] = useState<Refusal | undefined>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings && !draft) setDraft(draftOf(settings));
  }, [settings, draft]);

  /** A refusal: said next to its field, whose group is opened for it. */
  const refuse = (refusal: Refusal) => {
    setError(refusal);
    const home = PAGE_SETTINGS.find((s) => s.key === refusal.field)?.group;
    if (home) onRefused(home);
  };
  return {
    settings,
    draft,
    error,
    saved,
    /** A refusal not about one field (the connection, a switch). */
    fail: (message: string) => setError({ message }),
    edit(field: DraftField, value: string) {
      setSaved(false);
      if (draft) setDraft({ ...draft, [field]: value });
    },
    flip(field: string, checked: boolean) {
      void updateSettings({ [field]: checked }).catch((err: unknown) =>
        setError({ message: (err as Error).message }),
      );
    },
    save() {
      if (!settings || !draft) return;
      setSaved(false);
      const result = patchOf(draft, draftOf(settings));
      if ('field' in result) return refuse(result);
      setError(undefined);
      void updateSettings(result.patch).then(
        (next) => {
          setDraft(draftOf(next));
          setSaved(true);
        },
        (err: unknown) =>
          refuse({ field: (err as { field?: string }).field, message: (err as Error).message }),
      );
    },
    undo() {
      if (settings) setDraft(draftOf(settings));
      setError(undefined);
    },
  };
}

/** The form `useSettingsForm` answers. */
export type SettingsForm = ReturnType<typeof useSettingsForm>;
