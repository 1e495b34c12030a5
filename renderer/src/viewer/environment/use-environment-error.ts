import { useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  const onEnvironmentError = useCallback(
    (id: EnvironmentId, error: unknown) => {
      const fallback = ENVIRONMENTS[0]!;
      const label = i18n._(environmentById(id).label);
      const detail = error instanceof Error && error.message ? error.message : '';
      if (id === fallback.id) {
        setError(
          detail
            ? t`Could not load the “${label}” lighting (${detail}): the model is lit by a plain fill light. Reinstalling Kiln restores the file.`
            : t`Could not load the “${label}” lighting: the model is lit by a plain fill light. Reinstalling Kiln restores the file.`,
        );
        return;
      }
      // The fallback is the first environment, the neutral studio: named in the sentence so that a
      // language can inflect it (a label lower-cased would be wrong in German).
      setError(
        detail
          ? t`Could not load the “${label}” lighting (${detail}). Showing the neutral studio instead.`
          : t`Could not load the “${label}” lighting. Showing the neutral studio instead.`,
      );
      patch({ environment: fallback.id });
    },
    [patch, t, i18n],
  );
  useEffect(() => {
    if (environment !== 'studio') setError(null);
  }, [environment]);
  return { environmentError, onEnvironmentError };
}
