import { ContactShadows, OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type JSX,
  type RefObject,
} from 'react';
import { Color, MathUtils, Vector3, type Group, type PerspectiveCamera, type Sphere } from 'three';
import { useReducedMotion } from '../../ui/reduced-motion';
import { useClipPlayback } from '../animation/use-clip-playback';
import { captureFrame } from '../capture/capture-frame';
import type { ModelSource } from '../sources/dropped-files';
import { EnvironmentLighting } from '../environment/EnvironmentLighting';
import type { EnvironmentId } from '../environment/environments';
import { placeModel, unionSphere } from '../camera/fit-camera';
import { GroundGrid } from './GroundGrid';
import { groundShadowResolution } from './context-attributes';
import { LightingWarmup } from '../environment/LightingWarmup';
import type { ModelPreparations } from '../loading/model-preparations';
import { DimensionsOverlay } from '../inspect/DimensionsOverlay';
import { applyPartsView, type PartsView } from '../inspect/parts';
import {
  createOverlayMaterials,
  renderView,
  type CompareView,
  type FramePlan,
  type OverlayMaterials,
} from './render-view';
import { applyShading } from '../inspect/shading';
import { SkeletonOverlay } from '../animation/SkeletonOverlay';
import { gridStep } from '../inspect/units';
import { useCameraRig } from '../camera/use-camera-rig';
import { FrameProbe } from '../instrumentation';
import { useLatest } from '../use-latest';
import { useModelSlot, type LoadedSlot } from '../loading/use-model-slot';
import { useReadyReport } from './use-ready-report';
import {
  BACKGROUND_COLOURS,
  drawnKey,
  exposureFactor,
  type ViewerSettings,
} from '../viewer-settings';
import { OrientationGizmo } from './OrientationGizmo';
import type { OrbitControlsLike, SceneEvents, ViewerCommands } from '../viewer-types';

/** Props of {@link ModelScene}. */
export interface ModelSceneProps {
  /** The model to show. */
  readonly source: ModelSource | undefined;
  /** The model to compare it with, if any. */
  readonly compareSource: ModelSource | undefined;
  readonly settings: ViewerSettings;
  readonly partsView: PartsView;
  /** Must be stable; the scene reads the latest value but does not reload when it changes. */
  readonly events: SceneEvents;
  /** Receives the camera and capture commands. */
  readonly commandsRef: RefObject<ViewerCommands | null>;
  /** The viewer's root element, where the instrumentation writes (see instrumentation.tsx). */
  readonly frameTarget: RefObject<HTMLElement | null>;
  readonly onEnvironmentError: (id: EnvironmentId, error: unknown) => void;
  /** Downloads and parses the viewer started before the canvas was ready (stable). */
  readonly preparations: ModelPreparations;
}

/** Registers `undo` to run before the slot's model is disposed, and returns its unregistration. */
function guard(slot: LoadedSlot, undo: () => void): () => void {
  slot.beforeDispose.add(undo);
  return () => {
    slot.beforeDispose.delete(undo);
    undo();
  };
}

/**
 * Places the models: one scale for both (so compared sizes stay true), each centred on the
 * ground; frames them, and queues the "ready" report for the first frame that shows them, armed
 * once the ground shadow has re-rendered for them. Answers the placement's scale.
 */
function usePlacement(
  slotA: LoadedSlot | null,
  slotB: LoadedSlot | null,
  holderA: RefObject<Group | null>,
  holderB: RefObject<Group | null>,
  sphereRef: { current: Sphere | null },
  rig: ReturnType<typeof useCameraRig>,
  ready: ReturnType<typeof useReadyReport>,
): number {
  const invalidate = useThree((s) => s.invalidate);
  const placedKeys = useRef<{ a?: string; b?: string }>({});
  /** Bumped per placement: re-renders the contact shadow so it re-bakes once. */
  const [placement, setPlacement] = useState(0);
  const [placementScale, setPlacementScale] = useState(1);
  // ground; frame them, and queue the "ready" report for the first frame that shows them.
  useLayoutEffect(() => {
    const slots = [slotA, slotB].filter((s): s is LoadedSlot => s !== null);
    const holders = { a: holderA.current, b: holderB.current };
    const radius = Math.max(1e-6, ...slots.map((s) => s.model.bounds.sphere.radius));
    const scale = 1 / radius;
    let sphere: Sphere | null = null;
    for (const s of slots) {
      const holder = holders[s.slot];
      if (!holder) continue;
      const placed = placeModel(s.model.bounds, scale);
      holder.scale.setScalar(placed.scale);
      holder.position.copy(placed.offset);
      s.model.root.visible = true;
      sphere = sphere ? unionSphere(sphere, placed.bounds.sphere) : placed.bounds.sphere;
    }
    sphereRef.current = sphere;
    setPlacementScale(scale);

    const last = placedKeys.current;
    const aChanged = slotA?.key !== last.a;
    const bChanged = slotB?.key !== last.b;
    placedKeys.current = { a: slotA?.key, b: slotB?.key };
    if (aChanged && slotA) rig.place('reset', false);
    else if (bChanged && slotA) rig.refit(true);

    for (const s of slots) {
      if ((s.slot === 'a' && !aChanged) || (s.slot === 'b' && !bChanged)) continue;
      const size = s.model.bounds.box.getSize(new Vector3());
      ready.queue(s.slot, s.key, {
        stats: s.model.stats,
        size: { x: size.x, y: size.y, z: size.z },
        parts: s.parts.parts,
        animation: s.animation,
      });
    }
    if (slots.length > 0) setPlacement((n) => n + 1);
    invalidate();
  }, [slotA, slotB, holderA, holderB, sphereRef, rig, invalidate, ready]);

  // The shadow has re-rendered for the placed models: the next frame shows everything.
  useEffect(() => {
    if (ready.arm()) invalidate();
  }, [placement, invalidate, ready]);
  return placementScale;
}

/** What the frame renderer reads (refs: the frame reads them as they are at each frame). */
interface FrameInputs {
  readonly holders: readonly [RefObject<Group | null>, RefObject<Group | null>];
  readonly settingsRef: { readonly current: ViewerSettings };
  readonly compareRef: { readonly current: CompareView };
  readonly partsView: PartsView;
  readonly overlays: OverlayMaterials;
  readonly loadedEnv: { readonly current: string };
  readonly animation: LoadedSlot['animation'] | null;
}

/**
 * The frame: this useFrame has a positive priority, so R3F leaves rendering to it. Answers the
 * plan of a frame (also for captures and recordings), the renderer, and what a frame drew.
 */
function useFrameRenderer({
  holders: [holderA, holderB],
  settingsRef,
  compareRef,
  partsView,
  overlays,
  loadedEnv,
  animation,
}: FrameInputs) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const background = useMemo(() => new Color(), []);
  const partsViewRef = useLatest(partsView);
  const framePlan = useCallback(
    (width: number, height: number, transparent: boolean, compare = compareRef.current) => {
      const s = settingsRef.current;
      const bg =
        s.background === 'environment'
          ? 'environment'
          : background.set(BACKGROUND_COLOURS[s.background]);
      const plan: FramePlan = {
        width,
        height,
        slots: [holderA.current!, holderB.current!],
        compare,
        wipe: s.wipe,
        background: transparent ? null : bg,
        backgroundBlur: 0.45,
        exposure: exposureFactor(s.exposure),
        envRotation: MathUtils.degToRad(s.envRotation),
        wireframe: s.shading === 'wireframe',
        highlight: partsViewRef.current.highlighted !== null,
      };
      return plan;
    },
    [background, settingsRef, compareRef, partsViewRef, holderA, holderB],
  );
  const renderFrame = useCallback(
    (width: number, height: number, transparent: boolean) =>
      renderView(gl, scene, camera, framePlan(width, height, transparent), overlays),
    [gl, scene, camera, overlays, framePlan],
  );
  useFrame((state) => {
    if (!holderA.current || !holderB.current) return;
    renderFrame(state.size.width, state.size.height, false);
  }, 1);
  // What a frame drew, for tests and tools (see instrumentation.tsx).
  const describeFrame = useCallback(() => {
    if (!holderA.current || !holderB.current) return null;
    const parts = partsViewRef.current;
    return drawnKey(settingsRef.current, loadedEnv.current, {
      hidden: String(parts.isolated ? 'isolated' : parts.hidden.size),
      highlight: parts.highlighted ? 'on' : 'off',
      time: animation ? animation.time.toFixed(2) : 'none',
      compare: compareRef.current,
    });
  }, [animation, settingsRef, partsViewRef, compareRef, holderA, holderB, loadedEnv]);
  return { framePlan, renderFrame, describeFrame };
}

/**
 * The warm-up compiles the lit shaders for the environment in use, so it waits for one (or for
 * its failure: then the model is lit by the fill light alone).
 */
function useEnvironmentSettled(
  loadedEnv: { current: string },
  onEnvironmentError: (id: EnvironmentId, error: unknown) => void,
) {
  const invalidate = useThree((s) => s.invalidate);
  const [environmentSettled, setEnvironmentSettled] = useState(false);
  const onEnvLoaded = useCallback(
    (id: EnvironmentId) => {
      loadedEnv.current = id;
      setEnvironmentSettled(true);
      invalidate();
    },
    [invalidate, loadedEnv],
  );
  const onEnvFailed = useCallback(
    (id: EnvironmentId, error: unknown) => {
      setEnvironmentSettled(true);
      onEnvironmentError(id, error);
    },
    [onEnvironmentError],
  );
  return { environmentSettled, onEnvLoaded, onEnvFailed };
}

/** The viewer's commands (fit, views, nudges, capture, the stage) on `commandsRef`. */
function useViewerCommands(
  commandsRef: RefObject<ViewerCommands | null>,
  {
    rig,
    renderFrame,
    framePlan,
    slotA,
    sphereRef,
    overlays,
  }: {
    rig: ReturnType<typeof useCameraRig>;
    renderFrame: (width: number, height: number, transparent: boolean) => void;
    framePlan: (w: number, h: number, transparent: boolean, compare?: CompareView) => FramePlan;
    slotA: LoadedSlot | null;
    sphereRef: { readonly current: Sphere | null };
    overlays: OverlayMaterials;
  },
): void {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  const capture = useCallback(
    (options: { width: number; height: number; transparent: boolean }) =>
      captureFrame(gl, renderFrame, options),
    [gl, renderFrame],
  );

  useImperativeHandle(
    commandsRef,
    () => ({
      fit: () => rig.place('fit', true),
      reset: () => rig.place('reset', true),
      view: (preset) => rig.place(preset, true),
      nudge: rig.nudge,
      capture,
      stage: () => ({
        gl,
        scene,
        camera,
        controls: get().controls as unknown as OrbitControlsLike | null,
        model: slotA?.model.root ?? null,
        animation: slotA?.animation ?? null,
        sphere: sphereRef.current,
        framePlan: (w, h, transparent) => framePlan(w, h, transparent, 'off'),
        overlays,
        invalidate,
      }),
    }),
    [rig, capture, gl, scene, camera, get, slotA, sphereRef, framePlan, overlays, invalidate],
  );
}

/**
 * Everything inside the canvas: lighting, orbit controls, model A (and B when comparing), grid,
 * ground shadow, overlays, and the frame renderer. It owns the frame: one render per invalidate
 * (the canvas uses the demand frame loop), split between the two models when comparing, with the
 * wireframe and part highlight drawn as extra passes over the shaded model.
 */
export function ModelScene({
  source,
  compareSource,
  settings,
  partsView,
  events,
  commandsRef,
  frameTarget,
  onEnvironmentError,
  preparations,
}: ModelSceneProps): JSX.Element {
  const invalidate = useThree((s) => s.invalidate);
  const reducedMotion = useReducedMotion();
  const get = useThree((s) => s.get);

  const holderA = useRef<Group>(null);
  const holderB = useRef<Group>(null);
  const eventsRef = useLatest(events);
  const settingsRef = useLatest(settings);
  const slotA = useModelSlot('a', source, holderA, eventsRef, preparations);
  const slotB = useModelSlot('b', compareSource, holderB, eventsRef, preparations);
  const compare: CompareView = slotA && slotB ? settings.compareLayout : 'off';
  const compareRef = useLatest(compare);

  const sphereRef = useRef<Sphere | null>(null);
  const viewAspect = useCallback(() => {
    const { width, height } = get().size;
    const w = compareRef.current === 'side' ? width / 2 : width;
    return w / Math.max(height, 1);
  }, [get, compareRef]);
  const rig = useCameraRig(sphereRef, viewAspect, settings.turntable, frameTarget);
  const ready = useReadyReport(eventsRef, slotA?.key, slotB?.key);
  const loadedEnv = useRef<string>('none');
  const overlays = useMemo(() => createOverlayMaterials(), []);
  useEffect(() => () => overlays.dispose(), [overlays]);

  const placementScale = usePlacement(slotA, slotB, holderA, holderB, sphereRef, rig, ready);

  // The layout changed (side by side framing uses half the width): keep the models framed.
  useEffect(() => {
    if (sphereRef.current) rig.refit(true);
  }, [compare, rig]);

  // Shading modes swap materials; undone before a model is disposed, so its own are freed.
  // Layout effects, like `useLatest`'s: `data-drawn` reads the latest settings, and a passive
  // effect may run after a frame has drawn with them (a hover is not a discrete event, so React
  // defers its effects past the next animation frame): the frame would claim a highlight or a
  // shading it did not draw.
  useLayoutEffect(() => {
    const undo = [slotA, slotB]
      .filter((s): s is LoadedSlot => s !== null)
      .map((s) => guard(s, applyShading(s.model.root, settings.shading)));
    invalidate();
    return () => undo.forEach((u) => u());
  }, [slotA, slotB, settings.shading, invalidate]);

  // Parts: hide, isolate, highlight (a layout effect, as above).
  useLayoutEffect(() => {
    if (!slotA) return;
    applyPartsView(slotA.parts, partsView);
    invalidate();
  }, [slotA, partsView, invalidate]);

  // Animation: advance while playing; the shadow follows the moving model while it plays.
  const animation = slotA?.animation ?? null;
  const playing = useClipPlayback(animation);

  // The ground shadow's bake (drei, priority 0) draws a large model's cheap proxy instead of
  // the model; everything after it (the frame itself, priority 1) draws the model.
  useFrame(() => slotA?.shadowProxy?.swapIn(), -1);
  useFrame(() => slotA?.shadowProxy?.swapOut(), 0.5);

  const { framePlan, renderFrame, describeFrame } = useFrameRenderer({
    holders: [holderA, holderB],
    settingsRef,
    compareRef,
    partsView,
    overlays,
    loadedEnv,
    animation,
  });

  useViewerCommands(commandsRef, { rig, renderFrame, framePlan, slotA, sphereRef, overlays });

  // Any change of what is drawn needs a frame.
  useEffect(() => {
    invalidate();
  }, [settings, compare, invalidate]);

  const { environmentSettled, onEnvLoaded, onEnvFailed } = useEnvironmentSettled(
    loadedEnv,
    onEnvironmentError,
  );

  const shadowGroup = useRef<Group>(null);
  const warmAlso = useMemo(() => [shadowGroup], []);
  // Starting the warm-up re-renders the scene, so the ground shadow re-bakes in its frame.
  const [warming, setWarming] = useState(false);
  const startWarming = useCallback(() => setWarming(true), []);
  const box = slotA?.model.bounds.box;
  const maxSide = box ? Math.max(...box.getSize(new Vector3()).toArray()) : 1;
  const alone = compare === 'off';
  return (
    <>
      <EnvironmentLighting id={settings.environment} onLoaded={onEnvLoaded} onError={onEnvFailed} />
      <LightingWarmup
        idle={!source && !compareSource && environmentSettled}
        alsoDraw={warmAlso}
        target={frameTarget}
        started={warming}
        onStart={startWarming}
      />
      {/* The camera glides on after a drag, unless the OS asks for less motion. */}
      <OrbitControls makeDefault enableDamping={!reducedMotion} dampingFactor={0.12} />
      <group ref={holderA}>
        {box && alone && settings.dimensions ? (
          <DimensionsOverlay box={box} unit={settings.unit} />
        ) : null}
      </group>
      <group ref={holderB} />
      {slotA && settings.grid ? <GroundGrid cell={gridStep(maxSide) * placementScale} /> : null}
      {slotA && alone && settings.skeleton && slotA.model.stats.bones > 0 ? (
        <SkeletonOverlay root={slotA.model.root} />
      ) : null}
      {/* Models stand on the origin with radius ≤ 1, and the machine does not change, so the
          shadow's props never change (drei allocates new render targets when they do).
          Re-rendering ContactShadows restarts its frame budget: each placement or setting change
          re-bakes the shadow on the next frame, then it stays idle; while a clip plays it follows
          every frame. The wrapper hides it while there is no model, and when comparing (one
          shadow would mix both models). */}
      <group ref={shadowGroup} visible={slotA !== null && alone && settings.shadow}>
        <ContactShadows
          frames={playing ? Infinity : 1}
          position={[0, -0.002, 0]}
          scale={4}
          far={2.2}
          resolution={groundShadowResolution()}
          blur={2.4}
          opacity={0.6}
          color="#000000"
        />
      </group>
      <OrientationGizmo />
      <FrameProbe target={frameTarget} describe={describeFrame} shown={[slotA, slotB]} />
    </>
  );
}
