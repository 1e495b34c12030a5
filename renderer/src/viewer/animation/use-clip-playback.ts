import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useSyncExternalStore } from 'react';
import type { AnimationController } from './animation-controller';

const noSubscribe = (): (() => void) => () => {};
const notPlaying = (): boolean => false;

/**
 * Inside the canvas: advances the model's clips while they play (asking for the next frame, as
 * the canvas draws on demand), and draws a frame when the time is set. Returns whether a clip is
 * playing (the ground shadow follows the moving model meanwhile).
 */
export function useClipPlayback(animation: AnimationController | null): boolean {
  const invalidate = useThree((s) => s.invalidate);
  const playing = useSyncExternalStore(
    animation?.subscribe ?? noSubscribe,
    animation ? () => animation.getSnapshot().playing : notPlaying,
  );
  // Before the camera's moves (-2) and the frame (1).
  useFrame((_, delta) => {
    if (animation?.tick(delta)) invalidate();
  }, -3);
  // Pressing play needs a first frame to start ticking.
  useEffect(() => {
    if (playing) invalidate();
  }, [playing, invalidate]);
  useEffect(() => {
    if (!animation) return;
    const off = animation.onTime(() => invalidate());
    return off;
  }, [animation, invalidate]);
  return playing;
}
