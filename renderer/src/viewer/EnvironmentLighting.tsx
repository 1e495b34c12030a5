import { useCallback, type JSX } from 'react';
import { environmentById, environmentUrl, type EnvironmentId } from './environments';
import { HdrEnvironment } from './HdrEnvironment';
import { StudioLighting } from './StudioLighting';

/** Props of {@link EnvironmentLighting}. */
export interface EnvironmentLightingProps {
  readonly id: EnvironmentId;
  /** Called with the id once that environment lights the scene. */
  readonly onLoaded: (id: EnvironmentId) => void;
  readonly onError: (id: EnvironmentId, error: unknown) => void;
}

/** The chosen lighting: the built-in neutral studio, or one of the shipped HDR files. */
export function EnvironmentLighting({
  id,
  onLoaded,
  onError,
}: EnvironmentLightingProps): JSX.Element {
  const info = environmentById(id);
  const loaded = useCallback(() => onLoaded(info.id), [onLoaded, info.id]);
  const failed = useCallback((error: unknown) => onError(info.id, error), [onError, info.id]);
  if (!info.file) return <StudioLighting onLoaded={loaded} />;
  return (
    <>
      {/* A faint sky/ground fill, as the studio has, so unlit undersides never go pitch black. */}
      <hemisphereLight args={['#f4f1ec', '#23252b', 0.15]} />
      <HdrEnvironment url={environmentUrl(info.file)} onLoaded={loaded} onError={failed} />
    </>
  );
}
