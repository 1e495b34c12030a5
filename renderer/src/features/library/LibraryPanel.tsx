/**
 * The Library tab. Its view (grid, virtualizer, detail) is a chunk of its own, so the app's entry
 * chunk stays small (bench B7); it is fetched when the browser is idle after start, so opening
 * the tab does not wait for it (bench B8).
 */
import { lazy, Suspense } from 'react';

type LibraryViewModule = typeof import('./LibraryView');

/** The chunk once it has arrived: rendered directly, without suspending. */
let loaded: LibraryViewModule | undefined;
const load = () =>
  import('./LibraryView').then((module) => {
    loaded = module;
    return module;
  });
const LazyLibraryView = lazy(load);

if (typeof requestIdleCallback === 'function') {
  requestIdleCallback(() => void load().catch(() => undefined), { timeout: 5000 });
}

/** The library: every model of the account. */
export function LibraryPanel() {
  // `lazy` suspends on its first render even when the chunk is already here (its promise
  // settles a microtask later), and React then holds the fallback for ~300 ms before it shows
  // the content: most of the Library tab's first paint in bench B8.
  if (loaded) return <loaded.default />;
  return (
    <Suspense fallback={<p className="muted">Opening the library…</p>}>
      <LazyLibraryView />
    </Suspense>
  );
}
