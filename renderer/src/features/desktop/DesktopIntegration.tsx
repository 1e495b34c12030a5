/**
 * Shows, once the shell has mounted, what the desktop asked Kiln to show before the page was
 * there: files opened with Kiln (double-click, File → Open, Open Recent, the command line) and
 * the model of a clicked "job finished" notification. Later requests come as events
 * (`app/main-events.ts`). Renders nothing.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';

/** Mount once, in the app shell. */
export function DesktopIntegration() {
  const takeOpenRequests = useKiln((s) => s.takeOpenRequests);
  useEffect(() => void takeOpenRequests(), [takeOpenRequests]);
  return null;
}
