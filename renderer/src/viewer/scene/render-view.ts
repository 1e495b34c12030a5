import {
  Color,
  LessEqualDepth,
  MeshBasicMaterial,
  type Material,
  type Object3D,
  type PerspectiveCamera,
  type Scene,
  type WebGLRenderer,
} from 'three';
import { HIGHLIGHT_LAYER, MODEL_LAYER } from '../layers';

/** How the canvas is split between the two models. */
export type CompareView = 'off' | 'side' | 'wipe';

/** What one frame draws, beyond the scene itself. */
export interface FramePlan {
  /** Drawing-buffer size in CSS pixels (the renderer multiplies by its pixel ratio). */
  readonly width: number;
  readonly height: number;
  /** The holders of model A and model B. */
  readonly slots: readonly [Object3D, Object3D];
  readonly compare: CompareView;
  /** Wipe position, 0…1 from the left: A shows left of it, B right of it. */
  readonly wipe: number;
  /** A colour, the environment itself (blurred), or nothing (transparent, for captures). */
  readonly background: Color | 'environment' | null;
  readonly backgroundBlur: number;
  /** Tone-mapping exposure factor. */
  readonly exposure: number;
  /** Environment rotation around the vertical axis, radians. */
  readonly envRotation: number;
  /** Draw the model's edges over its shading. */
  readonly wireframe: boolean;
  /** Tint the parts on {@link HIGHLIGHT_LAYER}. */
  readonly highlight: boolean;
}

/** The materials of the overlay passes; made once per canvas. */
export interface OverlayMaterials {
  readonly wireframe: Material;
  readonly highlight: Material;
  dispose(): void;
}

/**
 * Materials for the overlay passes. Both test depth with LESS_EQUAL against the shaded pass, so
 * edges and tints show only on visible surfaces, and neither writes depth.
 */
export function createOverlayMaterials(accent = '#e8a25a'): OverlayMaterials {
  const wireframe = new MeshBasicMaterial({
    color: '#f2efe9',
    wireframe: true,
    transparent: true,
    opacity: 0.42,
    depthFunc: LessEqualDepth,
    depthWrite: false,
    toneMapped: false,
  });
  const highlight = new MeshBasicMaterial({
    color: accent,
    transparent: true,
    opacity: 0.45,
    depthFunc: LessEqualDepth,
    depthWrite: false,
    toneMapped: false,
  });
  return {
    wireframe,
    highlight,
    dispose() {
      wireframe.dispose();
      highlight.dispose();
    },
  };
}

interface Pass {
  readonly show: 0 | 1;
  /** Viewport x, y, width, height (CSS pixels, y from the bottom). */
  readonly viewport: readonly [number, number, number, number];
  readonly scissor: readonly [number, number, number, number] | null;
}

/** The render passes of one frame: one, or one per model when comparing. */
export function planPasses(
  compare: CompareView,
  width: number,
  height: number,
  wipe: number,
): Pass[] {
  if (compare === 'side') {
    const half = Math.floor(width / 2);
    return [
      { show: 0, viewport: [0, 0, half, height], scissor: [0, 0, half, height] },
      {
        show: 1,
        viewport: [half, 0, width - half, height],
        scissor: [half, 0, width - half, height],
      },
    ];
  }
  if (compare === 'wipe') {
    const split = Math.round(width * Math.min(1, Math.max(0, wipe)));
    return [
      { show: 0, viewport: [0, 0, width, height], scissor: [0, 0, split, height] },
      { show: 1, viewport: [0, 0, width, height], scissor: [split, 0, width - split, height] },
    ];
  }
  return [{ show: 0, viewport: [0, 0, width, height], scissor: null }];
}

/**
 * Draws one frame: each pass shows one model with the shared camera (side by side halves, or the
 * two sides of the wipe), then the overlay passes (wireframe, highlight) for that model. The
 * renderer and scene are left as they were found.
 */
export function renderView(
  gl: WebGLRenderer,
  scene: Scene,
  camera: PerspectiveCamera,
  plan: FramePlan,
  overlays: OverlayMaterials,
): void {
  const [a, b] = plan.slots;
  const visible = [a.visible, b.visible] as const;
  const aspect = camera.aspect;
  const autoClear = gl.autoClear;

  gl.toneMappingExposure = plan.exposure;
  scene.environmentRotation.set(0, plan.envRotation, 0);
  scene.backgroundRotation.set(0, plan.envRotation, 0);
  scene.background = plan.background === 'environment' ? scene.environment : plan.background;
  scene.backgroundBlurriness = plan.background === 'environment' ? plan.backgroundBlur : 0;
  if (plan.background === null) gl.setClearColor(0x000000, 0);

  const passes = planPasses(plan.compare, plan.width, plan.height, plan.wipe);
  for (const pass of passes) {
    a.visible = pass.show === 0 && visible[0];
    b.visible = pass.show === 1 && visible[1];
    const [x, y, w, h] = pass.viewport;
    gl.setViewport(x, y, w, h);
    if (pass.scissor) {
      gl.setScissor(...pass.scissor);
      gl.setScissorTest(true);
    } else {
      gl.setScissorTest(false);
    }
    camera.aspect = w / Math.max(h, 1);
    camera.updateProjectionMatrix();
    gl.autoClear = true;
    gl.render(scene, camera);
    if (plan.wireframe) overlay(gl, scene, camera, MODEL_LAYER, overlays.wireframe);
    if (plan.highlight) overlay(gl, scene, camera, HIGHLIGHT_LAYER, overlays.highlight);
  }

  a.visible = visible[0];
  b.visible = visible[1];
  gl.setScissorTest(false);
  gl.setViewport(0, 0, plan.width, plan.height);
  gl.autoClear = autoClear;
  if (camera.aspect !== aspect) {
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
  }
}

/** Draws only the objects on `layer`, all with `material`, over what is already drawn. */
function overlay(
  gl: WebGLRenderer,
  scene: Scene,
  camera: PerspectiveCamera,
  layer: number,
  material: Material,
): void {
  const background = scene.background;
  const mask = camera.layers.mask;
  scene.background = null;
  scene.overrideMaterial = material;
  camera.layers.set(layer);
  gl.autoClear = false;
  gl.render(scene, camera);
  camera.layers.mask = mask;
  scene.overrideMaterial = null;
  scene.background = background;
}
