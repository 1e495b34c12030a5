import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_SETTINGS,
  lookToRemember,
  patchSettings,
  restoreLook,
  type LengthUnit,
  type ViewerSettings,
} from './viewer-settings';

/**
 * The viewer's view settings (shading, lighting, overlays, compare layout, unit…): they stay in
 * the viewer, never in the app store. They start from the look the artist left (`remembered`,
 * Kiln's `viewerLook` setting) and each change is handed to `onRemember`, which saves it once
 * the changes rest (`ui/use-resting-save.ts`). The
 * unit starts as the user's setting and follows it.
 */
export function useViewerSettings(
  unit: LengthUnit | undefined,
  remembered?: Readonly<Record<string, unknown>>,
  onRemember?: (look: Record<string, string | number | boolean>) => void,
): {
  readonly settings: ViewerSettings;
  patch(p: Partial<ViewerSettings>): void;
} {
  const [settings, setSettings] = useState<ViewerSettings>(() =>
    patchSettings(DEFAULT_SETTINGS, restoreLook(remembered)),
  );
  const changed = useRef(false);
  const patch = useCallback((p: Partial<ViewerSettings>) => {
    changed.current = true;
    setSettings((s) => patchSettings(s, p));
  }, []);
  useEffect(() => {
    if (unit) setSettings((s) => patchSettings(s, { unit }));
  }, [unit]);
  // The remembered look arrives after the first render when the settings load late.
  const restored = useRef(remembered !== undefined);
  useEffect(() => {
    if (restored.current || remembered === undefined) return;
    restored.current = true;
    if (!changed.current) setSettings((s) => patchSettings(s, restoreLook(remembered)));
  }, [remembered]);
  const remember = useRef(onRemember);
  remember.current = onRemember;
  const look = JSON.stringify(lookToRemember(settings));
  useEffect(() => {
    if (changed.current) remember.current?.(JSON.parse(look));
  }, [look]);
  return { settings, patch };
}
