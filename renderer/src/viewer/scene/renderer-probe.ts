/**
 * Whether this machine's WebGL draws on the CPU, asked of a throwaway context — off the page's
 * thread, from the app's start ({@link startRendererProbe}). Chromium draws WebGL on the CPU
 * (SwiftShader) when it does not trust the GPU — virtual machines, remote desktops, old or
 * blocklisted drivers — and Mesa does the same with llvmpipe; the viewer then draws less finely
 * (`context-attributes.ts`).
 *
 * Asked on the page's thread, the first WebGL context of a fresh window held it 365 ms in
 * SwiftShader (`tests/bench/profile.ts open`), on the way to the first model's frame (bench B1).
 * In a worker started with the app, the answer is there long before the viewer mounts; a viewer
 * that comes first (or a worker that cannot answer) asks here, as before.
 */
/* eslint-disable lingui/no-unlocalized-strings -- WebGL's context and extension names, not words */

/** Renderer names of WebGL implementations that draw on the CPU. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software rasterizer|basic render driver/i;

/** True when `renderer` (WebGL's unmasked renderer string) names a CPU implementation. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer);
}

/** What a probe needs of a canvas: an HTML one here, an offscreen one in the worker. */
type ProbeCanvas = Pick<HTMLCanvasElement, 'getContext'> | Pick<OffscreenCanvas, 'getContext'>;

/**
 * Asks a throwaway context on `canvas`: true when its renderer draws on the CPU, false when it
 * names a GPU or hides its name (`WEBGL_debug_renderer_info` missing), undefined when no WebGL 2
 * answers. The context is given back at once (Chromium keeps a page's live contexts few).
 */
export function probeRenderer(canvas: ProbeCanvas): boolean | undefined {
  const gl = canvas.getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return undefined;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const software = info
    ? isSoftwareRenderer(String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)))
    : false;
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return software;
}

let answer: boolean | undefined;

/**
 * Starts the probe in a worker (once per page), so that {@link drawsInSoftware} finds its answer
 * waiting. Where workers or offscreen WebGL are missing, nothing is asked: the viewer asks itself.
 */
export function startRendererProbe(): void {
  if (answer !== undefined || typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./renderer-probe.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<boolean | null>) => {
      if (answer === undefined && event.data !== null) answer = event.data;
      worker.terminate();
    };
    worker.onerror = () => worker.terminate();
  } catch {
    // No worker here: the viewer asks on its own thread.
  }
}

/**
 * Whether this page's WebGL draws on the CPU: the worker's answer when it came, else asked now of
 * a throwaway canvas of its own (a context's attributes are fixed when it is made, so the viewer's
 * own canvas cannot be asked first). Where no WebGL answers or the renderer's name is hidden, the
 * answer is false: the viewer keeps its usual settings.
 */
export function drawsInSoftware(
  makeCanvas: () => ProbeCanvas = () => document.createElement('canvas'),
): boolean {
  answer ??= probeRenderer(makeCanvas()) ?? false;
  return answer;
}

/** Forgets the answer (tests); `to` sets one, as the worker would. */
export function forgetRendererProbe(to?: boolean): void {
  answer = to;
}
