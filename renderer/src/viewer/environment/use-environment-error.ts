import { useCallback, useEffect, useState } from 'react';
import type { ViewerSettings } from '../viewer-settings';
import { environmentById, ENVIRONMENTS, type EnvironmentId } from './environments';

/** The lighting's error sentence, and the handler the scene calls when a lighting fails. */
export interface EnvironmentError {
  readonly environmentError: string | null;
  onEnvironmentError(id: EnvironmentId, error: unknown): void;
}

/**
 * A lighting that cannot be loaded falls back to the default one, and the Lighting panel says
 * why; when the default itself fails, the model is lit by a plain fill light.
 */
export function useEnvironmentError(
  environment: EnvironmentId,
  patch: (p: Partial<ViewerSettings>) => void,
): EnvironmentError {
  const [environmentError, setError] = useState<string | null>(null);
  const onEnvironmentError = useCallback(
    (id: EnvironmentId, error: unknown) => {
      const fallback = ENVIRONMENTS[0]!;
      const label = environmentById(id).label;
      const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
      if (id === fallback.id) {
        setError(
          `Could not load the “${label}” lighting${detail}: the model is lit by a plain fill light. Reinstalling Kiln restores the file.`,
        );
        return;
      }
      setError(
        `Could not load the “${label}” lighting${detail}. Showing the ${fallback.label.toLowerCase()} instead.`,
      );
      patch({ environment: fallback.id });
    },
    [patch],
  );
  useEffect(() => {
    if (environment !== 'studio') setError(null);
  }, [environment]);
  return { environmentError, onEnvironmentError };
}
