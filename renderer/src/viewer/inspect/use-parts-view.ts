import { useCallback, useState } from 'react';
import type { ModelSource } from '../sources/dropped-files';
import { ALL_PARTS_VISIBLE, type PartsView } from './parts';

/** Which parts are hidden, isolated or highlighted: per model, every part visible at first. */
export function usePartsView(source: ModelSource | undefined): {
  readonly partsView: PartsView;
  setPartsView(view: PartsView): void;
} {
  const [parts, setParts] = useState<{ key: string; view: PartsView } | null>(null);
  const partsView = parts && parts.key === source?.key ? parts.view : ALL_PARTS_VISIBLE;
  const setPartsView = useCallback(
    (view: PartsView) => {
      if (source) setParts({ key: source.key, view });
    },
    [source],
  );
  return { partsView, setPartsView };
}
