/**
 * The Library tab. Its view (grid, virtualizer, detail) is a chunk of its own, so the app's entry
 * chunk stays small (bench B7); it is fetched when the browser is idle after start, so opening
 * the tab does not wait for it (bench B8).
 */
import { lazy, Suspense } from 'react';

const load = () => import('./LibraryView');
const LibraryView = lazy(load);

if (typeof requestIdleCallback === 'function') {
  requestIdleCallback(() => void load().catch(() => undefined), { timeout: 5000 });
}

/** The library: every model of the account. */
export function LibraryPanel() {
  return (
    <Suspense fallback={<p className="muted">Opening the library…</p>}>
      <LibraryView />
    </Suspense>
  );
}
