import { Environment, Lightformer } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { memo, useEffect, type JSX } from 'react';

/**
 * A neutral photo-studio look built on the GPU at start-up: drei renders the light panels below
 * into a 256² cube map once (`frames={1}`), three pre-filters it for PBR, and no HDR file is
 * fetched. Key, fill, rim and a top softbox, like a product shoot, plus a faint hemisphere so
 * unlit undersides never go pitch black.
 *
 * Memoised: drei re-renders the cube map whenever its children change identity. `onLoaded` must
 * be stable.
 */
export const StudioLighting = memo(function StudioLighting({
  onLoaded,
}: {
  readonly onLoaded?: () => void;
}): JSX.Element {
  const invalidate = useThree((s) => s.invalidate);
  // drei sets scene.environment in a layout effect; the cube map is drawn on the next frame.
  useEffect(() => {
    onLoaded?.();
    invalidate();
  }, [onLoaded, invalidate]);
  return (
    <>
      <hemisphereLight args={['#f4f1ec', '#23252b', 0.35]} />
      <Environment resolution={256} frames={1} background={false}>
        {/* The studio walls: dark but not black, so reflections read as a room. */}
        <color attach="background" args={['#1d1f24']} />
        {/* Key: large warm softbox, front left, above. */}
        <Lightformer
          form="rect"
          intensity={4}
          color="#fff3e6"
          position={[-5, 5, 4]}
          scale={[5, 5, 1]}
        />
        {/* Fill: cooler and weaker, front right. */}
        <Lightformer
          form="rect"
          intensity={1.2}
          color="#e9efff"
          position={[6, 1.5, 3]}
          scale={[4, 4, 1]}
        />
        {/* Rim: long strip behind, to separate the silhouette from the background. */}
        <Lightformer
          form="rect"
          intensity={2.5}
          color="#ffffff"
          position={[0, 3, -7]}
          scale={[8, 2, 1]}
        />
        {/* Top softbox. */}
        <Lightformer form="circle" intensity={2} color="#ffffff" position={[0, 8, 0]} scale={7} />
        {/* Floor bounce: a dim warm card below, like light off a studio floor. */}
        <Lightformer
          form="rect"
          intensity={0.35}
          color="#e8d9c8"
          position={[0, -6, 0]}
          scale={[12, 12, 1]}
        />
      </Environment>
    </>
  );
});
