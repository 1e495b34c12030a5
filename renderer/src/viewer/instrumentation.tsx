import { useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ModelInfo, ViewerState } from './viewer-types';

/**
 * What the viewer tells tests, benches and tools about itself, as attributes of its root element
 * (`data-testid="viewer"`). This module is the only one that writes them, so the production code
 * says *when* something happened and this says *how* it is shown:
 *
 * - rendered with the root (they change with the model, not per frame): `data-viewer-state`
 *   (`empty` | `loading` | `ready` | `error`), `data-model-name`, counts (`data-triangles`,
 *   `data-vertices`, `data-meshes`, `data-materials`, `data-textures`, `data-clips`,
 *   `data-parts`), `data-compare` (`off` | `side` | `wipe`) and `data-compare-state`;
 * - after every frame the canvas runs ({@link FrameProbe}): `data-frames` (frames so far, `0`
 *   from the first render), and for a frame that drew the stage `data-drawn` (the settings it
 *   showed) and the renderer's live resource counts `data-gl-geometries`, `data-gl-textures`,
 *   `data-gl-programs`;
 * - `data-camera` (`moving` while a camera move or the turntable runs, else `still`);
 * - `data-lighting="warm"` once the empty viewer has built its lighting at idle (the start line
 *   for resource counts).
 *
 * The per-frame ones are written to the DOM directly: a React state update per frame would
 * re-render the viewer, and could itself request frames.
 */

/** What {@link readinessAttributes} describes. */
export interface Readiness {
  readonly state: ViewerState;
  readonly modelName: string | undefined;
  readonly info: ModelInfo | undefined;
  readonly compare: 'off' | 'side' | 'wipe';
  readonly compareState: ViewerState;
}

/** The readiness attributes rendered with the viewer's root element. */
export function readinessAttributes(
  r: Readiness,
): Record<`data-${string}`, string | number | undefined> {
  const stats = r.info?.stats;
  return {
    'data-viewer-state': r.state,
    'data-model-name': r.modelName,
    'data-triangles': stats?.triangles,
    'data-vertices': stats?.vertices,
    'data-meshes': stats?.meshes,
    'data-materials': stats?.materials,
    'data-textures': stats?.textures.length,
    'data-clips': r.info ? (r.info.animation?.getSnapshot().clips.length ?? 0) : undefined,
    'data-parts': r.info?.parts.length,
    'data-compare': r.compare,
    'data-compare-state': r.compareState,
  };
}

/**
 * Starts `data-frames` at 0 when the viewer mounts. Written once here and then only by
 * {@link FrameProbe}, never through React props, so React never resets it on re-render.
 */
export function useFrameCountStart(root: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (!root.current?.hasAttribute('data-frames')) root.current?.setAttribute('data-frames', '0');
  }, [root]);
}

/** Says whether the camera is moving (`data-camera`). */
export function reportCamera(root: HTMLElement | null, moving: boolean): void {
  root?.setAttribute('data-camera', moving ? 'moving' : 'still');
}

/** Says that the empty viewer has built its lighting (`data-lighting="warm"`). */
export function reportLightingWarm(root: HTMLElement | null): void {
  root?.setAttribute('data-lighting', 'warm');
}

/** Props of {@link FrameProbe}. */
export interface FrameProbeProps {
  /** The viewer's root element. */
  readonly target: RefObject<HTMLElement | null>;
  /** What the frame just run drew (`data-drawn`), or null when it did not draw the stage. */
  readonly describe: () => string | null;
  /**
   * The models on screen: when one is released the resource counts are written once more (the
   * frame that clears the stage may come before the release, and no frame need follow it).
   */
  readonly shown: readonly [unknown, unknown];
}

/**
 * Inside the canvas: after each frame (the frame renderer runs at priority 1), counts it and
 * writes what it drew and the renderer's resource counts.
 */
export function FrameProbe({ target, describe, shown }: FrameProbeProps): null {
  const gl = useThree((s) => s.gl);
  const frames = useRef(0);
  const writeCounts = useCallback(() => {
    const el = target.current;
    if (!el) return;
    const { memory, programs } = gl.info;
    el.setAttribute('data-gl-geometries', String(memory.geometries));
    el.setAttribute('data-gl-textures', String(memory.textures));
    el.setAttribute('data-gl-programs', String(programs?.length ?? 0));
  }, [gl, target]);
  const [a, b] = shown;
  useEffect(() => {
    if (target.current?.hasAttribute('data-gl-geometries')) writeCounts();
  }, [a, b, writeCounts, target]);
  useFrame(() => {
    frames.current += 1;
    const el = target.current;
    el?.setAttribute('data-frames', String(frames.current));
    const drawn = describe();
    if (drawn === null) return;
    writeCounts();
    el?.setAttribute('data-drawn', drawn);
  }, 1.5);
  return null;
}
