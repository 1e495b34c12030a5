import { useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { MathUtils, Sphere, Vector3, type PerspectiveCamera } from 'three';
import {
  computeFit,
  dollyView,
  easeOutCubic,
  interpolateView,
  orbitView,
  panView,
  presetDirection,
  threeQuarterDirection,
  type CameraView,
  type ViewPreset,
} from './fit-camera';
import { prefersReducedMotion } from '../../ui/reduced-motion';
import { reportCamera } from '../instrumentation';
import { useLatest } from '../use-latest';
import type { OrbitControlsLike, ViewNudge } from '../viewer-types';

interface Transition {
  readonly from: CameraView;
  readonly to: CameraView;
  readonly start: number;
  readonly duration: number;
}

/** How {@link CameraRig.place} frames the model. */
export type Framing = 'fit' | 'reset' | ViewPreset;

/** Camera moves of the viewer. */
export interface CameraRig {
  /** Frames the model: `fit` keeps the viewing direction, `reset` and presets set it. */
  place(framing: Framing, animate: boolean): void;
  /**
   * Frames the model again after what is framed changed (a model of the comparison came or
   * went, the layout split or joined): the way Kiln last framed it (a Reset or view preset the
   * user asked for stays that) or, once the user has moved the camera, fitted along their view.
   */
  refit(animate: boolean): void;
  nudge(step: ViewNudge): void;
}

const TRANSITION_MS = 450;
const NUDGE_MS = 160;
/** Turntable speed: one turn in 20 s, calm enough to judge a silhouette. */
const TURNTABLE_RAD_PER_S = (2 * Math.PI) / 20;
const DEFAULT_SPHERE = new Sphere(new Vector3(0, 0.5, 0), 1);

/**
 * Fits the camera's clipping planes and the controls' distances to `sphere` seen along
 * `framing`'s direction, and answers the view that frames it (not applied yet: it may be eased).
 */
function fitCamera(
  camera: PerspectiveCamera,
  ctl: OrbitControlsLike | null,
  sphere: Sphere,
  framing: Framing,
  aspect: number,
  currentTarget: Vector3,
): CameraView {
  const direction =
    framing === 'fit'
      ? camera.position.clone().sub(currentTarget)
      : framing === 'reset'
        ? threeQuarterDirection()
        : presetDirection(framing);
  const fit = computeFit({
    center: sphere.center,
    radius: sphere.radius,
    fovDeg: camera.fov,
    aspect,
    direction,
  });
  camera.near = fit.near;
  camera.far = fit.far;
  camera.updateProjectionMatrix();
  if (ctl) {
    ctl.minDistance = fit.minDistance;
    ctl.maxDistance = fit.maxDistance;
    // Spend any leftover damping momentum now, so it does not push the camera off the new
    // framing on the next frames. (Damping stays off where the OS asks for less motion.)
    const damping = ctl.enableDamping;
    ctl.enableDamping = false;
    ctl.update();
    ctl.enableDamping = damping;
  }
  return { position: fit.position, target: fit.target };
}

/**
 * Fit, reset, view presets, keyboard steps and the turntable, all as eased camera moves around
 * the orbit target. The camera state lives here and in OrbitControls, never in the app store.
 *
 * @param sphereRef the sphere to frame (the placed model, or both models when comparing)
 * @param viewAspect width ÷ height of the view the model is framed in (half the canvas when
 *   comparing side by side)
 * @param statusTarget element that gets `data-camera="moving" | "still"`, so tests and tools can
 *   wait for a camera move to end instead of guessing how long it takes
 */
export function useCameraRig(
  sphereRef: { readonly current: Sphere | null },
  viewAspect: () => number,
  turntable: boolean,
  statusTarget: RefObject<HTMLElement | null>,
): CameraRig {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  const controls = useThree((s) => s.controls) as unknown as OrbitControlsLike | null;
  const transition = useRef<Transition | null>(null);
  /**
   * How Kiln last framed the model, until the user moves the camera: while it holds, a change of
   * the view's size frames the model again the same way (the canvas may settle its size after
   * the model is placed, and a resized window keeps its model framed, as f3d and Blender do).
   */
  const framedAs = useRef<Framing | null>(null);
  const turning = useLatest(turntable);
  const report = useCallback(() => {
    const moving = transition.current !== null || turning.current;
    reportCamera(statusTarget.current, moving);
  }, [statusTarget, turning]);

  const place = useCallback(
    (framing: Framing, animate: boolean) => {
      const ctl = get().controls as unknown as OrbitControlsLike | null;
      const sphere = sphereRef.current ?? DEFAULT_SPHERE;
      const currentTarget = ctl?.target.clone() ?? sphere.center.clone();
      const to = fitCamera(camera, ctl, sphere, framing, viewAspect(), currentTarget);
      framedAs.current = framing;
      if (animate && !prefersReducedMotion()) {
        transition.current = {
          from: { position: camera.position.clone(), target: ctl?.target.clone() ?? currentTarget },
          to,
          start: performance.now(),
          duration: TRANSITION_MS,
        };
      } else {
        transition.current = null;
        camera.position.copy(to.position);
        if (ctl) {
          ctl.target.copy(to.target);
          ctl.update();
        } else {
          camera.lookAt(to.target);
        }
      }
      report();
      invalidate();
    },
    [camera, get, invalidate, sphereRef, viewAspect, report],
  );

  /** One keyboard step, chained onto a step still in flight so held keys accumulate. */
  const nudge = useCallback(
    (step: ViewNudge) => {
      const ctl = get().controls as unknown as OrbitControlsLike | null;
      if (!ctl) return;
      framedAs.current = null;
      const from: CameraView = { position: camera.position.clone(), target: ctl.target.clone() };
      const base = transition.current?.to ?? from;
      const to =
        step.kind === 'orbit'
          ? orbitView(base, step.x, step.y)
          : step.kind === 'pan'
            ? panView(base, step.x, step.y)
            : dollyView(base, step.factor, ctl.minDistance, ctl.maxDistance);
      if (prefersReducedMotion()) {
        transition.current = null;
        camera.position.copy(to.position);
        ctl.target.copy(to.target);
        ctl.update();
      } else {
        transition.current = { from, to, start: performance.now(), duration: NUDGE_MS };
      }
      report();
      invalidate();
    },
    [camera, get, invalidate, report],
  );

  // Eased moves. Runs before OrbitControls' own update (priority -1) so the controls see the new
  // target and position in the same frame.
  useFrame(() => {
    const t = transition.current;
    const ctl = get().controls as unknown as OrbitControlsLike | null;
    if (!t || !ctl) return;
    const k = Math.min(1, (performance.now() - t.start) / t.duration);
    const view = interpolateView(t.from, t.to, easeOutCubic(k));
    camera.position.copy(view.position);
    ctl.target.copy(view.target);
    if (k >= 1) {
      transition.current = null;
      report();
    } else {
      invalidate();
    }
  }, -2);

  // Turntable: swing the camera around the model, requesting the next frame while it is on.
  useFrame((_, delta) => {
    if (!turntable || transition.current) return;
    const ctl = get().controls as unknown as OrbitControlsLike | null;
    if (!ctl) return;
    // The camera leaves the framing Kiln placed: a resize later keeps where the turn left it.
    framedAs.current = null;
    const step = MathUtils.clamp(delta, 0, 0.1) * TURNTABLE_RAD_PER_S;
    const view = orbitView(
      { position: camera.position.clone(), target: ctl.target.clone() },
      step,
      0,
    );
    camera.position.copy(view.position);
    invalidate();
  }, -2);

  // Starting the turntable needs a first frame to tick the loop.
  useEffect(() => {
    report();
    if (turntable) invalidate();
  }, [turntable, invalidate, report]);

  useUserTakesOver(controls, transition, framedAs, report);
  useFramedOnResize(framedAs, place, turning);

  // The scene may catch up with a change after the user has already asked for a framing (Stop
  // comparing, then Home at once: the comparison's model leaves a render later); a refit then
  // keeps what they asked for instead of fitting along the view they left.
  const refit = useCallback(
    (animate: boolean) => place(framedAs.current ?? 'fit', animate),
    [place],
  );

  return useMemo(() => ({ place, refit, nudge }), [place, refit, nudge]);
}

/** Grabbing the model with the pointer cancels a running move, and the framing is the user's. */
function useUserTakesOver(
  controls: OrbitControlsLike | null,
  transition: { current: Transition | null },
  framedAs: { current: Framing | null },
  report: () => void,
): void {
  useEffect(() => {
    if (!controls) return;
    const cancel = (): void => {
      transition.current = null;
      framedAs.current = null;
      report();
    };
    controls.addEventListener('start', cancel);
    return () => controls.removeEventListener('start', cancel);
  }, [controls, transition, framedAs, report]);
}

/** The view's size changed while the camera is where Kiln framed it: frame it again, at once. */
function useFramedOnResize(
  framedAs: { readonly current: Framing | null },
  place: CameraRig['place'],
  turning: { readonly current: boolean },
): void {
  const size = useThree((s) => s.size);
  const placeNow = useLatest(place);
  useEffect(() => {
    const framing = framedAs.current;
    if (framing && !turning.current) placeNow.current(framing, false);
  }, [size.width, size.height, framedAs, placeNow, turning]);
}
