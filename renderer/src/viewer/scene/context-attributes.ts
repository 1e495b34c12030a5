/**
 * The viewer's WebGL context settings, and what depends on the machine: multisampled edges (MSAA)
 * and a 512-texel ground shadow where a GPU draws; no MSAA and a 256-texel shadow where WebGL
 * draws on the CPU.
 *
 * Where WebGL draws on the CPU (`renderer-probe.ts`: SwiftShader, llvmpipe), a 4×
 * multisampled frame costs about a third more CPU than a plain one (the e2e suite's viewer specs on
 * SwiftShader, 2026-11-28: 22 against 16 CPU-s in the GPU process for the same five tests), on a
 * machine where every frame is already slow. Hardware keeps MSAA: there it costs next to nothing.
 * Screenshots and turntables render through their own multisampled targets either way. The
 * ground shadow's bake blurs its texture four times over ({@link groundShadowResolution}).
 */
import { ACESFilmicToneMapping, SRGBColorSpace } from 'three';
import { drawsInSoftware } from './renderer-probe';

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
