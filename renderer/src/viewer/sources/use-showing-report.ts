import { useEffect, useMemo } from 'react';
import { useLatest } from '../use-latest';
import type { ModelInfo, ViewerShowing } from '../viewer-types';
import type { ModelSource } from './dropped-files';

/**
 * Tells the app what is on screen whenever it changes (a local file over the app's model, a
 * comparison), so what the app says around the viewer names what the user sees.
 */
export function useShowingReport(
  source: ModelSource | undefined,
  compareSource: ModelSource | undefined,
  comparing: boolean,
  info: ModelInfo | undefined,
  onShowing: ((showing: ViewerShowing) => void) | undefined,
): void {
  const triangles = info?.stats.triangles;
  const b = comparing ? compareSource : undefined;
  const showing = useMemo<ViewerShowing>(
    () => ({
      a: source
        ? {
            name: source.name,
            local: source.local,
            ...(triangles !== undefined ? { triangles } : {}),
          }
        : undefined,
      b: b ? { name: b.name, local: b.local } : undefined,
    }),
    [source, triangles, b],
  );
  const onShowingRef = useLatest(onShowing);
  useEffect(() => onShowingRef.current?.(showing), [showing, onShowingRef]);
}
