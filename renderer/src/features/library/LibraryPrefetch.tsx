/**
 * Lists the library's first page before the Library tab is first opened, so the tab paints its
 * cards at once (bench B8) instead of after a round trip through the core and the service.
 * Renders nothing.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { attemptWhenIdle } from './idle-attempt';

/** Mount once, in the app shell. */
export function LibraryPrefetch() {
  const ready = useKiln((s) => s.appState === 'ready');
  const prefetch = useKiln((s) => s.prefetchLibrary);
  // One request per start, at an idle moment once the viewer has settled (its start and a
  // model's way to the screen go first). What it stores is read by the library's view only:
  // nothing the viewer draws depends on it, so it never costs a frame.
  useEffect(() => {
    if (!ready) return;
    return attemptWhenIdle(prefetch);
  }, [ready, prefetch]);
  return null;
}
