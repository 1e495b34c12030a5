import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, type JSX, type RefObject } from 'react';
import {
  Bone,
  DataTexture,
  Float32BufferAttribute,
  Group,
  Mesh,
  MeshStandardMaterial,
  Skeleton,
  SkinnedMesh,
  SRGBColorSpace,
  SphereGeometry,
  Uint16BufferAttribute,
  type Object3D,
} from 'three';
import { whenViewerQuiet } from '../../ui/foreground';
import { reportLightingWarm } from '../instrumentation';
import { useLatest } from '../use-latest';

/** Drawn far below a pixel: the GPU builds its state, the user sees nothing. */
const WARMUP_SCALE = 1e-4;

/**
 * The warm-up meshes: a textured PBR material like a glTF model's, on a plain and on a skinned
 * sphere (rigged models need the skinned variants of the lit and the shadow-depth shaders; the
 * shadow's variant belongs to its shared depth material and would otherwise stay behind after
 * the first rigged model).
 */
export function createWarmup(): { root: Group; dispose(): void } {
  const map = new DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
  map.colorSpace = SRGBColorSpace;
  map.needsUpdate = true;
  const material = new MeshStandardMaterial({ map, roughness: 0.6 });
  const geometry = new SphereGeometry(1, 8, 6);
  const skinnedGeometry = geometry.clone();
  const vertices = skinnedGeometry.attributes.position!.count;
  skinnedGeometry.setAttribute(
    'skinIndex',
    new Uint16BufferAttribute(new Uint16Array(vertices * 4), 4),
  );
  const weights = new Float32Array(vertices * 4);
  for (let i = 0; i < vertices; i++) weights[i * 4] = 1;
  skinnedGeometry.setAttribute('skinWeight', new Float32BufferAttribute(weights, 4));
  const skinned = new SkinnedMesh(skinnedGeometry, material);
  const bone = new Bone();
  skinned.add(bone);
  const skeleton = new Skeleton([bone]);
  skinned.bind(skeleton);

  const root = new Group();
  root.name = 'kiln-lighting-warmup';
  root.visible = false;
  root.scale.setScalar(WARMUP_SCALE);
  for (const mesh of [new Mesh(geometry, material), skinned]) {
    mesh.frustumCulled = false;
    root.add(mesh);
  }
  return {
    root,
    dispose() {
      geometry.dispose();
      skinnedGeometry.dispose();
      skeleton.dispose();
      material.dispose();
      map.dispose();
    },
  };
}

/** Props of {@link LightingWarmup}. */
export interface LightingWarmupProps {
  /** No model is shown or loading: the warm-up may run (it is skipped once a model comes). */
  readonly idle: boolean;
  /**
   * Objects of the scene that are hidden while no model is shown but whose shaders every model
   * needs (the ground shadow's plane): drawn in the warm-up frame too, then hidden again.
   */
  readonly alsoDraw?: ReadonlyArray<RefObject<Object3D | null>>;
  /** Gets `data-lighting="warm"` once the warm-up frame has been drawn. */
  readonly target: RefObject<HTMLElement | null>;
  /**
   * Set by the parent after {@link LightingWarmupProps.onStart}, in the render that re-renders
   * the ground shadow (drei re-bakes it on re-render): the warm-up frame follows.
   */
  readonly started: boolean;
  /** The page is idle: the parent re-renders the scene and sets `started`. */
  readonly onStart: () => void;
}

/**
 * Builds the lit pipelines while the viewer is empty and the page idle, before any model
 * arrives. A GPU builds a shader's pipeline when it is first drawn with it; on a software GPU
 * (SwiftShader) that is ~100 ms per program, which would otherwise land on the first model's
 * first frame. One extra frame draws sub-pixel textured PBR spheres, plain and skinned (see
 * {@link createWarmup}), lit by the environment, and `alsoDraw` (the ground shadow's bake and
 * plane), then hides them; their material stays, so its programs stay compiled too. What the
 * warm-up makes is part of the empty viewer from then on, so opening and closing models
 * returns the renderer to exactly that state. (The environment itself is shipped pre-filtered,
 * `environment-file.ts`: nothing is filtered here.)
 *
 * Only at idle: a model that arrives first builds the same state with its own first frame, and
 * warming then would only add work on its way to the screen. Not at all where the artist turned
 * background preparation off: the first model's first frame builds it then.
 */
export function LightingWarmup({
  idle,
  alsoDraw = [],
  target,
  started,
  onStart,
}: LightingWarmupProps): JSX.Element {
  const invalidate = useThree((s) => s.invalidate);
  const warm = useMemo(() => createWarmup(), []);
  useEffect(() => () => warm.dispose(), [warm]);
  const phase = useRef<'waiting' | 'frame' | 'done'>('waiting');
  const shown = useRef<Array<[Object3D, boolean]>>([]);
  const idleRef = useLatest(idle);
  const alsoRef = useLatest(alsoDraw);
  const onStartRef = useLatest(onStart);

  useEffect(() => {
    if (!idle || started || phase.current !== 'waiting') return;
    const run = (): void => {
      if (idleRef.current && phase.current === 'waiting') onStartRef.current();
    };
    // With the rest of the page's background work: at an idle moment while the viewer is quiet,
    // and not at all where the artist turned background preparation off (foreground.ts).
    return whenViewerQuiet(run);
  }, [idle, started, idleRef, onStartRef]);

  // A layout effect, in the commit that re-rendered the ground shadow: its bake restarts with
  // that commit, and a passive effect may run after a frame has come between (an orbit, a
  // resize, any frame asked for before): that frame would use the bake up with no warm-up mesh
  // shown, and the shadow's depth shaders would wait for the first model.
  useLayoutEffect(() => {
    if (!started || phase.current !== 'waiting') return;
    phase.current = 'frame';
    invalidate();
  }, [started, invalidate]);

  // Before everything else in the warm-up frame (the environment and shadow bakes run at 0).
  useFrame(() => {
    if (phase.current !== 'frame') return;
    warm.root.visible = true;
    shown.current = [];
    for (const ref of alsoRef.current) {
      const object = ref.current;
      if (!object || object.visible) continue;
      shown.current.push([object, object.visible]);
      object.visible = true;
    }
  }, -10);
  // After the frame renderer (priority 1): hide again. Nothing visible changes, so no frame
  // is asked for.
  useFrame(() => {
    if (phase.current !== 'frame') return;
    phase.current = 'done';
    warm.root.visible = false;
    for (const [object, visible] of shown.current) object.visible = visible;
    shown.current = [];
    reportLightingWarm(target.current);
  }, 2);
  return <primitive object={warm.root} />;
}
