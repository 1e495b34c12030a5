import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { readEnvironment } from './environment-file';
import { createEnvironmentTexture } from './environment-texture';
import { useLatest } from '../use-latest';

/** Props of {@link PrefilteredEnvironment}. */
export interface PrefilteredEnvironmentProps {
  /** URL of a gzip-compressed `.kenv` file served by the app. */
  readonly url: string;
  /** Called once the environment lights the scene. */
  readonly onLoaded: () => void;
  readonly onError: (error: unknown) => void;
}

/**
 * Lights the scene with a shipped, pre-filtered environment: fetched, decompressed by the
 * platform, uploaded as the cube map three's PBR shaders sample, set as `scene.environment`.
 * Nothing is filtered at run time (see `environment-file.ts` for why). The texture is freed when
 * the environment changes or the viewer closes, so switching back and forth leaks nothing.
 */
export function PrefilteredEnvironment({
  url,
  onLoaded,
  onError,
}: PrefilteredEnvironmentProps): null {
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const onLoadedRef = useLatest(onLoaded);
  const onErrorRef = useLatest(onError);

  useEffect(() => {
    const controller = new AbortController();
    let dispose = (): void => {};
    fetch(url, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`the file answered ${response.status}`);
        return readEnvironment(response);
      })
      .then(
        (data) => {
          if (controller.signal.aborted) return;
          const texture = createEnvironmentTexture(data);
          scene.environment = texture;
          dispose = () => {
            if (scene.environment === texture) scene.environment = null;
            if (scene.background === texture) scene.background = null;
            texture.dispose();
          };
          onLoadedRef.current();
          invalidate();
        },
        (error: unknown) => {
          if (!controller.signal.aborted) onErrorRef.current(error);
        },
      );
    return () => {
      controller.abort();
      dispose();
      invalidate();
    };
  }, [url, scene, invalidate, onLoadedRef, onErrorRef]);

  return null;
}
