/**
 * Renders turntable frames off screen, one at a time, at the recording's size: the viewer's scene
 * with its shading mode and lighting, seen by a camera of the recording's own, into a
 * multisampled HDR target; then a pass that tone-maps it as the screen does (ACES filmic,
 * exposure, sRGB), lays it on the chosen background and flips it upright, into an 8-bit target
 * whose pixels are read back. The screen is never resized or drawn over.
 */
import {
  HalfFloatType,
  LinearSRGBColorSpace,
  PerspectiveCamera,
  ShaderMaterial,
  UnsignedByteType,
  Vector3,
  Vector4,
  WebGLRenderTarget,
  Color,
  ShaderChunk,
  SRGBColorSpace,
} from 'three';
import { FullScreenQuad } from 'three/examples/jsm/postprocessing/Pass.js';
import { computeFit } from '../camera/fit-camera';
import { renderView } from '../scene/render-view';
import type { ViewerStage } from '../viewer-types';
import type { BackgroundKind } from './turntable-plan';

// GLSL source, not words for people.
/* eslint-disable lingui/no-unlocalized-strings */
const OUTPUT_SHADER = {
  vertex: /* glsl */ `
    varying vec2 vUv;
    void main() {
      vUv = uv;
      gl_Position = vec4(position.xy, 0.0, 1.0);
    }`,
  fragment: /* glsl */ `
    uniform sampler2D frame;
    uniform vec3 background;
    uniform bool solid;
    varying vec2 vUv;
    // three's prefix declares the colour-space functions; tone mapping it leaves out when
    // drawing into a render target, so its functions come from here.
    ${ShaderChunk.tonemapping_pars_fragment}
    void main() {
      // Rows are read back bottom first: sampling upside down makes them come out top first.
      vec4 c = texture2D(frame, vec2(vUv.x, 1.0 - vUv.y));
      // Edges against a transparent clear are premultiplied by their coverage: undo it.
      vec3 rgb = c.a > 0.0 ? c.rgb / c.a : vec3(0.0);
      rgb = sRGBTransferOETF(vec4(ACESFilmicToneMapping(rgb), 1.0)).rgb;
      gl_FragColor = solid ? vec4(mix(background, rgb, c.a), 1.0) : vec4(rgb, c.a);
    }`,
};
/* eslint-enable lingui/no-unlocalized-strings */

/** Where the recording camera looks from, relative to its start. */
export interface FramePose {
  /** Turn about the vertical axis through the model's centre, radians. */
  readonly angle: number;
}

/** Renders frames of one recording. Dispose it when the recording ends. */
export class FrameRenderer {
  readonly #stage: ViewerStage;
  readonly #width: number;
  readonly #height: number;
  readonly #background: BackgroundKind;
  readonly #hdr: WebGLRenderTarget;
  readonly #out: WebGLRenderTarget;
  readonly #quad: FullScreenQuad;
  readonly #material: ShaderMaterial;
  readonly #camera: PerspectiveCamera;
  readonly #target: Vector3;
  readonly #offset: Vector3;
  readonly #pixels: Uint8Array;

  constructor(
    stage: ViewerStage,
    width: number,
    height: number,
    background: BackgroundKind,
    colour: string,
  ) {
    this.#stage = stage;
    this.#width = width;
    this.#height = height;
    this.#background = background;
    const { gl, camera, sphere, controls } = stage;
    // Half floats keep the highlights for the tone mapping; without them, 8 bits still work.
    const float = gl.extensions.has('EXT_color_buffer_float');
    this.#hdr = new WebGLRenderTarget(width, height, {
      type: float ? HalfFloatType : UnsignedByteType,
      samples: 4,
      colorSpace: LinearSRGBColorSpace,
    });
    this.#out = new WebGLRenderTarget(width, height, {
      type: UnsignedByteType,
      depthBuffer: false,
    });
    // The pass composes in sRGB (after its tone mapping), so the colour goes in as sRGB too.
    const bg = new Color(colour).getRGB({ r: 0, g: 0, b: 0 }, SRGBColorSpace);
    this.#material = new ShaderMaterial({
      uniforms: {
        frame: { value: this.#hdr.texture },
        background: { value: new Vector3(bg.r, bg.g, bg.b) },
        solid: { value: background === 'solid' },
      },
      vertexShader: OUTPUT_SHADER.vertex,
      fragmentShader: OUTPUT_SHADER.fragment,
      depthTest: false,
      depthWrite: false,
    });
    this.#quad = new FullScreenQuad(this.#material);
    this.#pixels = new Uint8Array(width * height * 4);

    // The recording's camera: the viewer's lens and viewing direction, framed for this aspect.
    this.#camera = new PerspectiveCamera(camera.fov, width / height);
    const center = sphere?.center ?? new Vector3(0, 0.5, 0);
    const fit = computeFit({
      center,
      radius: sphere?.radius ?? 1,
      fovDeg: camera.fov,
      aspect: width / height,
      direction: camera.position.clone().sub(controls?.target ?? center),
    });
    this.#camera.near = fit.near;
    this.#camera.far = fit.far;
    this.#camera.updateProjectionMatrix();
    this.#target = fit.target;
    this.#offset = fit.position.clone().sub(fit.target);
  }

  /** Draws one frame and returns its pixels: RGBA, top row first, alpha not premultiplied. */
  render(pose: FramePose): Uint8Array {
    const { gl, scene } = this.#stage;
    const viewport = gl.getViewport(new Vector4());
    const previous = gl.getRenderTarget();
    this.#camera.position
      .copy(this.#offset)
      .applyAxisAngle(new Vector3(0, 1, 0), pose.angle)
      .add(this.#target);
    this.#camera.lookAt(this.#target);
    const plan = this.#stage.framePlan(this.#width, this.#height, true);
    try {
      gl.setRenderTarget(this.#hdr);
      renderView(
        gl,
        scene,
        this.#camera,
        { ...plan, background: this.#background === 'environment' ? 'environment' : null },
        this.#stage.overlays,
      );
      gl.setRenderTarget(this.#out);
      this.#quad.render(gl);
      gl.readRenderTargetPixels(this.#out, 0, 0, this.#width, this.#height, this.#pixels);
    } finally {
      gl.setRenderTarget(previous);
      gl.setViewport(viewport);
    }
    return this.#pixels;
  }

  dispose(): void {
    this.#hdr.dispose();
    this.#out.dispose();
    this.#quad.dispose();
    this.#material.dispose();
  }
}
