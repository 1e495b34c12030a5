/**
 * Parts of the window that are not needed for its first paint live in chunks of their own, so
 * the entry chunk stays small (bench B7), and are fetched at the first idle moment once the
 * viewer is quiet (see foreground.ts: never while a model is on its way to the screen, bench
 * B1), so they still show at once when the user gets to them (bench B8).
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { whenViewerQuiet } from './foreground';

/**
 * A component whose code is the default export of the chunk `load` imports: fetched at the
 * first idle moment once the viewer is quiet (or when first rendered, whichever comes first),
 * `fallback` shown while it is still on its way.
 *
 * A view mounted after the chunk is here renders it directly: `lazy` alone suspends on its
 * first render even when the chunk has already arrived (its promise settles a microtask later),
 * and React then holds the fallback for ~300 ms (most of the Library tab's first paint in bench
 * B8). A view mounted before keeps rendering through `lazy` (which no longer suspends once
 * resolved): switching paths under a mounted view would remount it and lose its state (an open
 * tool's typed values, the library's scroll position).
 *
 * @example
 * ```tsx
 * export const LibraryPanel = idleChunk(() => import('./LibraryView'), <p>Opening…</p>);
 * ```
 */
export function idleChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchChunk = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchChunk);
  whenViewerQuiet(() => void fetchChunk().catch(() => undefined));
  function IdleChunk(props: P) {
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return IdleChunk;
}
