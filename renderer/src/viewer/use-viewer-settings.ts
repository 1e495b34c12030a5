import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_SETTINGS,
  patchSettings,
  type LengthUnit,
  type ViewerSettings,
} from './viewer-settings';

/**
 * The viewer's view settings (shading, lighting, overlays, compare layout, unit…): they stay in
 * the viewer, never in the app store. The unit starts as the user's setting and follows it.
 */
export function useViewerSettings(unit: LengthUnit | undefined): {
  readonly settings: ViewerSettings;
  patch(p: Partial<ViewerSettings>): void;
} {
  const [settings, setSettings] = useState<ViewerSettings>(DEFAULT_SETTINGS);
  const patch = useCallback(
    (p: Partial<ViewerSettings>) => setSettings((s) => patchSettings(s, p)),
    [],
  );
  useEffect(() => {
    if (unit) setSettings((s) => patchSettings(s, { unit }));
  }, [unit]);
  return { settings, patch };
}
