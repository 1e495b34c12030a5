import { useEffect, useState } from 'react';
import type { ModelSource } from '../sources/dropped-files';
import { ModelPreparations } from './model-preparations';

/**
 * Downloads and parses start the moment a model is chosen, while the canvas may still be
 * starting; the canvas takes them over (see ModelPreparations). Returns the stable holder.
 */
export function usePreparations(
  source: ModelSource | undefined,
  compareSource: ModelSource | undefined,
): ModelPreparations {
  const [preparations] = useState(() => new ModelPreparations());
  useEffect(() => {
    preparations.keepOnly([source?.key, compareSource?.key]);
    if (source) preparations.start(source);
    if (compareSource) preparations.start(compareSource);
  }, [preparations, source, compareSource]);
  useEffect(() => () => preparations.keepOnly([]), [preparations]);
  return preparations;
}
