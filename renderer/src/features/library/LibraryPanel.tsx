/**
 * The Library tab. Its view (grid, virtualizer, detail) is a chunk of its own, loaded when the tab
 * is first shown, so the app's entry chunk stays small (bench B7).
 */
import { lazy, Suspense } from 'react';

const LibraryView = lazy(() => import('./LibraryView'));

/** The library: every model of the account. */
export function LibraryPanel() {
  return (
    <Suspense fallback={<p className="muted">Opening the library…</p>}>
      <LibraryView />
    </Suspense>
  );
}
