import { ContactShadows, OrbitControls } from '@react-three/drei';
import { addAfterEffect, useFrame, useThree } from '@react-three/fiber';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type JSX,
  type Ref,
  type RefObject,
} from 'react';
import { Sphere, Vector3, type Group, type PerspectiveCamera } from 'three';
import { disposeObject } from './dispose';
import {
  computeFit,
  dollyView,
  normalizeBounds,
  easeOutCubic,
  interpolateView,
  orbitView,
  panView,
  threeQuarterDirection,
  type CameraView,
  type ModelBounds,
} from './fit-camera';
import { FrameCounter } from './FrameCounter';
import { isAbortError } from './load-error';
import { loadModel } from './load-model';
import type { ModelStats } from './model-stats';
import { StudioLighting } from './StudioLighting';
import { useLatest } from './use-latest';
import type { SceneEvents, ViewerCommands, ViewNudge } from './viewer-types';

/** The parts of three-stdlib's OrbitControls this scene drives (drei's `makeDefault` instance). */
interface OrbitControlsLike {
  target: Vector3;
  enableDamping: boolean;
  minDistance: number;
  maxDistance: number;
  update(): boolean;
  addEventListener(type: 'start', listener: () => void): void;
  removeEventListener(type: 'start', listener: () => void): void;
}

/** Props of {@link ModelScene}. */
export interface ModelSceneProps {
  readonly url: string | undefined;
  /** Must be stable; the scene reads the latest value but does not reload when it changes. */
  readonly events: SceneEvents;
  /** Receives the Fit / Reset commands. */
  readonly commandsRef: Ref<ViewerCommands | null>;
  /** Element that gets `data-frames`. */
  readonly frameTarget: RefObject<HTMLElement | null>;
}

interface Transition {
  readonly from: CameraView;
  readonly to: CameraView;
  readonly start: number;
  readonly duration: number;
}

interface PendingReady {
  readonly url: string;
  readonly stats: ModelStats;
  /** Set once the contact shadow has re-rendered for the model: the next frame shows everything. */
  armed: boolean;
  /** Set by the first frame drawn after arming. */
  drawn: boolean;
}

const TRANSITION_MS = 450;
const NUDGE_MS = 160;
const DEFAULT_SPHERE = new Sphere(new Vector3(0, 0, 0), 1);

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Everything inside the canvas: studio lighting, orbit controls, the loaded model and its contact
 * shadow. It owns the model's lifetime: the effect that loads a URL is the one that disposes what
 * it loaded, so a superseded or unmounted load never shows and never leaks.
 */
export function ModelScene({
  url,
  events,
  commandsRef,
  frameTarget,
}: ModelSceneProps): JSX.Element {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  const controls = useThree((s) => s.controls) as unknown as OrbitControlsLike | null;

  const holderRef = useRef<Group>(null);
  const boundsRef = useRef<ModelBounds | null>(null);
  const transition = useRef<Transition | null>(null);
  const pendingReady = useRef<PendingReady | null>(null);
  /** Bumped per shown model (0 = none): re-renders the contact shadow so it re-bakes once. */
  const [shownModel, setShownModel] = useState(0);
  const eventsRef = useLatest(events);

  /** Frames the model; `fit` keeps the viewing direction, `reset` returns to three-quarter. */
  const place = useCallback(
    (mode: 'fit' | 'reset', animate: boolean) => {
      const ctl = get().controls as unknown as OrbitControlsLike | null;
      const sphere = boundsRef.current?.sphere ?? DEFAULT_SPHERE;
      const currentTarget = ctl?.target.clone() ?? sphere.center.clone();
      const direction =
        mode === 'fit' ? camera.position.clone().sub(currentTarget) : threeQuarterDirection();
      const fit = computeFit({
        center: sphere.center,
        radius: sphere.radius,
        fovDeg: camera.fov,
        aspect: camera.aspect,
        direction,
      });
      camera.near = fit.near;
      camera.far = fit.far;
      camera.updateProjectionMatrix();
      if (ctl) {
        ctl.minDistance = fit.minDistance;
        ctl.maxDistance = fit.maxDistance;
        // Spend any leftover damping momentum now, so it does not push the camera off the new
        // framing on the next frames.
        ctl.enableDamping = false;
        ctl.update();
        ctl.enableDamping = true;
      }
      const to: CameraView = { position: fit.position, target: fit.target };
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
      invalidate();
    },
    [camera, get, invalidate],
  );

  /** One keyboard step, chained onto a step still in flight so held keys accumulate. */
  const nudge = useCallback(
    (step: ViewNudge) => {
      const ctl = get().controls as unknown as OrbitControlsLike | null;
      if (!ctl) return;
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
      invalidate();
    },
    [camera, get, invalidate],
  );

  useImperativeHandle(
    commandsRef,
    () => ({ fit: () => place('fit', true), reset: () => place('reset', true), nudge }),
    [place, nudge],
  );

  // Load, prepare, reveal; on URL change or unmount, detach and dispose.
  useEffect(() => {
    const holder = holderRef.current;
    if (!url || !holder) return;
    const controller = new AbortController();
    let shown: Group | null = null;
    eventsRef.current.onLoading(url);
    loadModel(url, {
      signal: controller.signal,
      renderer: gl,
      camera,
      scene,
      onProgress: (progress) => {
        if (!controller.signal.aborted) eventsRef.current.onProgress(url, progress);
      },
    }).then(
      (model) => {
        if (controller.signal.aborted) {
          disposeObject(model.root);
          return;
        }
        shown = model.root;
        const placement = normalizeBounds(model.bounds);
        holder.scale.setScalar(placement.scale);
        holder.position.copy(placement.offset);
        holder.add(model.root);
        boundsRef.current = placement.bounds;
        place('reset', false);
        pendingReady.current = { url, stats: model.stats, armed: false, drawn: false };
        setShownModel((n) => n + 1);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        eventsRef.current.onError(url, error);
      },
    );
    return () => {
      controller.abort();
      pendingReady.current = null;
      boundsRef.current = null;
      setShownModel(0);
      if (shown) {
        // Detach before disposing: a frame drawn in between would re-upload everything.
        holder.remove(shown);
        disposeObject(shown);
        shown = null;
      }
      transition.current = null;
      invalidate();
    };
  }, [url, gl, camera, scene, invalidate, place, eventsRef]);

  // The contact shadow has re-rendered for the new model: the next frame shows everything.
  useEffect(() => {
    const pending = pendingReady.current;
    if (shownModel > 0 && pending && !pending.armed) {
      pending.armed = true;
      invalidate();
    }
  }, [shownModel, invalidate]);

  // Report "ready" only after a frame with the model has been drawn, so a test or screenshot
  // that waits for `data-viewer-state="ready"` sees the model, not the empty stage.
  useFrame(() => {
    const pending = pendingReady.current;
    if (pending?.armed) pending.drawn = true;
  });
  useEffect(
    () =>
      addAfterEffect(() => {
        const pending = pendingReady.current;
        if (!pending?.drawn) return;
        pendingReady.current = null;
        eventsRef.current.onReady(pending.url, pending.stats);
      }),
    [eventsRef],
  );

  // Animated Fit / Reset. Runs before OrbitControls' own update (priority -1) so the controls
  // see the new target and position in the same frame.
  useFrame(() => {
    const t = transition.current;
    const ctl = get().controls as unknown as OrbitControlsLike | null;
    if (!t || !ctl) return;
    const k = Math.min(1, (performance.now() - t.start) / t.duration);
    const view = interpolateView(t.from, t.to, easeOutCubic(k));
    camera.position.copy(view.position);
    ctl.target.copy(view.target);
    if (k >= 1) transition.current = null;
    else invalidate();
  }, -2);

  // Grabbing the model with the pointer cancels a running Fit / Reset / keyboard transition.
  useEffect(() => {
    if (!controls) return;
    const cancel = (): void => {
      transition.current = null;
    };
    controls.addEventListener('start', cancel);
    return () => controls.removeEventListener('start', cancel);
  }, [controls]);

  return (
    <>
      <color attach="background" args={['#16181d']} />
      <StudioLighting />
      <OrbitControls makeDefault enableDamping dampingFactor={0.12} />
      <group ref={holderRef} />
      {/* Models are normalised to stand on the origin with radius 1, so the shadow's props never
          change (drei allocates new render targets when they do). Re-rendering ContactShadows
          restarts its one-frame budget: each new model re-bakes the shadow on the next frame,
          then it stays idle. The wrapper hides it while there is no model (ContactShadows sets
          its own group visible after every bake), so a previous shadow never shows. */}
      <group visible={shownModel > 0}>
        <ContactShadows
          frames={1}
          position={[0, -0.002, 0]}
          scale={4}
          far={2.2}
          resolution={512}
          blur={2.4}
          opacity={0.6}
          color="#000000"
        />
      </group>
      <FrameCounter target={frameTarget} />
    </>
  );
}
