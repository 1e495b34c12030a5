import { useFrame } from '@react-three/fiber';
import { useRef, type RefObject } from 'react';

/** Props of {@link FrameCounter}. */
export interface FrameCounterProps {
  /** Element whose `data-frames` attribute receives the count. */
  readonly target: RefObject<HTMLElement | null>;
}

/**
 * Counts frames the canvas draws and writes the total to `data-frames` on `target`. Tests use it
 * to prove the demand frame loop is idle. It writes the DOM directly: a React state update per
 * frame would re-render the viewer, and could itself request frames.
 */
export function FrameCounter({ target }: FrameCounterProps): null {
  const frames = useRef(0);
  useFrame(() => {
    frames.current += 1;
    target.current?.setAttribute('data-frames', String(frames.current));
  });
  return null;
}
