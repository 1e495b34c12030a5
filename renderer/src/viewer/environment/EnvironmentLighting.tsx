import { useCallback, type JSX } from 'react';
import { environmentById, environmentFile, type EnvironmentId } from './environments';
import { PrefilteredEnvironment } from './PrefilteredEnvironment';

/**
 * URL of a shipped environment, relative to the page: the files are served by the app itself
 * (app protocol in Electron, the host in a browser), never from a CDN.
 */
function environmentUrl(id: EnvironmentId): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a path, not words
  return `${import.meta.env.BASE_URL}environments/${environmentFile(id)}`;
}

/** Props of {@link EnvironmentLighting}. */
export interface EnvironmentLightingProps {
  readonly id: EnvironmentId;
  /** Called with the id once that environment lights the scene. */
  readonly onLoaded: (id: EnvironmentId) => void;
  readonly onError: (id: EnvironmentId, error: unknown) => void;
}

/**
 * The chosen lighting: one of the shipped, pre-filtered environments (the neutral studio by
 * default), plus a faint sky/ground fill so unlit undersides never go pitch black.
 */
export function EnvironmentLighting({
  id,
  onLoaded,
  onError,
}: EnvironmentLightingProps): JSX.Element {
  const info = environmentById(id);
  const loaded = useCallback(() => onLoaded(info.id), [onLoaded, info.id]);
  const failed = useCallback((error: unknown) => onError(info.id, error), [onError, info.id]);
  return (
    <>
      <hemisphereLight args={['#f4f1ec', '#23252b', info.fill]} />
      <PrefilteredEnvironment url={environmentUrl(info.id)} onLoaded={loaded} onError={failed} />
    </>
  );
}
