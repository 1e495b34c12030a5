import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { PMREMGenerator } from 'three';
import { HDRLoader } from 'three/examples/jsm/loaders/HDRLoader.js';
import { useLatest } from './use-latest';

/** Props of {@link HdrEnvironment}. */
export interface HdrEnvironmentProps {
  /** URL of an equirectangular Radiance `.hdr` served by the app. */
  readonly url: string;
  /** Called once the environment lights the scene. */
  readonly onLoaded: () => void;
  readonly onError: (error: unknown) => void;
}

/**
 * Lights the scene with an HDR file: decoded, pre-filtered once into a PMREM (the form
 * three's PBR shaders sample), set as `scene.environment`. The decoded equirectangular image is
 * freed as soon as the PMREM exists, and the PMREM when the environment changes or unmounts, so
 * switching environments back and forth leaks nothing.
 */
export function HdrEnvironment({ url, onLoaded, onError }: HdrEnvironmentProps): null {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const onLoadedRef = useLatest(onLoaded);
  const onErrorRef = useLatest(onError);

  useEffect(() => {
    let cancelled = false;
    let dispose = (): void => {};
    new HDRLoader().loadAsync(url).then(
      (equirect) => {
        if (cancelled) {
          equirect.dispose();
          return;
        }
        const pmrem = new PMREMGenerator(gl);
        const target = pmrem.fromEquirectangular(equirect);
        pmrem.dispose();
        equirect.dispose();
        scene.environment = target.texture;
        dispose = () => {
          if (scene.environment === target.texture) scene.environment = null;
          if (scene.background === target.texture) scene.background = null;
          target.dispose();
        };
        onLoadedRef.current();
        invalidate();
      },
      (error: unknown) => {
        if (!cancelled) onErrorRef.current(error);
      },
    );
    return () => {
      cancelled = true;
      dispose();
      invalidate();
    };
  }, [url, gl, scene, invalidate, onLoadedRef, onErrorRef]);

  return null;
}
