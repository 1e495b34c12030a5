/**
 * Connects the page to the desktop once: shows files opened with Kiln (double-click, File → Open,
 * Open Recent, the command line) and the model of a clicked "job finished" notification. Renders
 * nothing.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Mount once, in the app shell. */
export function DesktopIntegration() {
  const initDesktop = useKiln((s) => s.initDesktop);
  useEffect(() => initDesktop(), [initDesktop]);
  return null;
}
