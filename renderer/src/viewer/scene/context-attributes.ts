/**
 * The viewer's WebGL context settings, and what depends on the machine: multisampled edges (MSAA)
 * and a 512-texel ground shadow where a GPU draws; no MSAA and a 256-texel shadow where WebGL
 * draws on the CPU.
 *
 * Chromium draws WebGL on the CPU (SwiftShader) when it does not trust the GPU — virtual machines,
 * remote desktops, old or blocklisted drivers — and Mesa does the same with llvmpipe. There a 4×
 * multisampled frame costs about a third more CPU than a plain one (the e2e suite's viewer specs on
 * SwiftShader, 2026-11-28: 22 against 16 CPU-s in the GPU process for the same five tests), on a
 * machine where every frame is already slow. Hardware keeps MSAA: there it costs next to nothing.
 * Screenshots and turntables render through their own multisampled targets either way. The
 * ground shadow's bake blurs its texture four times over ({@link groundShadowResolution}).
 */
/* eslint-disable lingui/no-unlocalized-strings -- WebGL's context and extension names, not words */
import { ACESFilmicToneMapping, SRGBColorSpace } from 'three';

/** Renderer names of WebGL implementations that draw on the CPU. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software rasterizer|basic render driver/i;

/** True when `renderer` (WebGL's unmasked renderer string) names a CPU implementation. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer);
}

let probed: boolean | undefined;

/**
 * Whether this page's WebGL draws on the CPU: asked once, of a throwaway context on a canvas of
 * its own (a context's attributes are fixed when it is made, so the viewer's own canvas cannot be
 * asked first). Where the renderer's name is hidden (`WEBGL_debug_renderer_info` missing) or no
 * WebGL answers, the answer is false: the viewer keeps its usual settings.
 */
export function drawsInSoftware(
  makeCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): boolean {
  if (probed !== undefined) return probed;
  const gl = makeCanvas().getContext('webgl2');
  if (!gl) return (probed = false);
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  probed = info ? isSoftwareRenderer(String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL))) : false;
  // Give the context back now rather than when the canvas is collected: Chromium keeps a
  // page's live contexts few.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return probed;
}

/** Forgets the probe's answer (tests). */
export function forgetRendererProbe(): void {
  probed = undefined;
}

/**
 * The viewer canvas's renderer settings. `preserveDrawingBuffer` lets tests and thumbnails read
 * pixels after the frame; ACES filmic with sRGB output is what glTF viewers and DCC tools show
 * artists by default; MSAA where a GPU draws ({@link drawsInSoftware}).
 */
export function viewerContextAttributes(software = drawsInSoftware()) {
  return {
    preserveDrawingBuffer: true,
    antialias: !software,
    alpha: true,
    toneMapping: ACESFilmicToneMapping,
    outputColorSpace: SRGBColorSpace,
  } as const;
}

/**
 * Texels a side of the ground shadow's bake (drei's ContactShadows), blurred four times over at
 * every placement. Where WebGL draws on the CPU, a quarter of 512²: the bake was 170 ms of a
 * 250k-triangle model's switch in SwiftShader (bench B2: 1,083 → 907 ms); the blur is measured
 * in the texture's own units, so the shadow keeps its softness and only loses fine detail that
 * the blur spreads anyway.
 */
export function groundShadowResolution(software = drawsInSoftware()): number {
  return software ? 256 : 512;
}
