import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  drawsInSoftware,
  forgetRendererProbe,
  isSoftwareRenderer,
  startRendererProbe,
} from './renderer-probe';

/** A canvas whose WebGL context names `renderer` (or has no context, or hides its name). */
function canvasOf(renderer: string | null, named = true) {
  const loseContext = vi.fn();
  const gl = {
    getExtension: (name: string) => {
      if (name === 'WEBGL_debug_renderer_info')
        return named ? { UNMASKED_RENDERER_WEBGL: 7 } : null;
      if (name === 'WEBGL_lose_context') return { loseContext };
      return null;
    },
    getParameter: (p: number) => (p === 7 ? renderer : undefined),
  };
  const canvas = { getContext: vi.fn(() => (renderer === null ? null : gl)) };
  return {
    canvas: canvas as unknown as HTMLCanvasElement,
    loseContext,
    getContext: canvas.getContext,
  };
}

afterEach(() => forgetRendererProbe());

describe('the renderer probe', () => {
  it('knows the CPU renderers of Chromium, Mesa and Windows by name, and no GPU as one', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(true);
    }
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 4070 (0x00002786) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      'Mesa Intel(R) UHD Graphics 620 (KBL GT2)',
      'AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(false);
    }
  });

  it('asks a throwaway context once, and gives it back', () => {
    const soft = canvasOf('Google SwiftShader');
    expect(drawsInSoftware(() => soft.canvas)).toBe(true);
    expect(soft.loseContext).toHaveBeenCalledOnce();
    // Asked once per page: a second call does not make another context.
    expect(drawsInSoftware(() => canvasOf('NVIDIA GeForce').canvas)).toBe(true);
    expect(soft.getContext).toHaveBeenCalledOnce();
  });

  it('takes the worker’s answer when it came first, and asks no context then', () => {
    forgetRendererProbe(true);
    const gpu = canvasOf('NVIDIA GeForce');
    expect(drawsInSoftware(() => gpu.canvas)).toBe(true);
    expect(gpu.getContext).not.toHaveBeenCalled();
  });

  it('keeps MSAA where no WebGL answers or its renderer is not named', () => {
    expect(drawsInSoftware(() => canvasOf(null).canvas)).toBe(false);
    forgetRendererProbe();
    const hidden = canvasOf('Google SwiftShader', false);
    expect(drawsInSoftware(() => hidden.canvas)).toBe(false);
    expect(hidden.loseContext).toHaveBeenCalledOnce();
    forgetRendererProbe();
    expect(drawsInSoftware(() => canvasOf('Apple M2').canvas)).toBe(false);
  });
});

describe('the probe in a worker', () => {
  /** Stands in for `Worker`: keeps each one started; `answer` posts as the worker would. */
  class StubWorker {
    static started: StubWorker[] = [];
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: (() => void) | null = null;
    terminated = false;
    constructor(readonly url: URL) {
      StubWorker.started.push(this);
    }
    answer(data: boolean | null): void {
      this.onmessage?.({ data } as MessageEvent);
    }
    terminate(): void {
      this.terminated = true;
    }
  }
  function stubWorker(): StubWorker[] {
    StubWorker.started = [];
    vi.stubGlobal('Worker', StubWorker);
    return StubWorker.started;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('starts the worker once, takes its answer, and lets it go', () => {
    const started = stubWorker();
    startRendererProbe();
    expect(started).toHaveLength(1);
    expect(String(started[0]!.url)).toMatch(/renderer-probe\.worker/);
    started[0]!.answer(true);
    expect(started[0]!.terminated).toBe(true);
    // The viewer finds the answer: no context is made on the page's thread.
    const gpu = canvasOf('NVIDIA GeForce');
    expect(drawsInSoftware(() => gpu.canvas)).toBe(true);
    expect(gpu.getContext).not.toHaveBeenCalled();
    startRendererProbe();
    expect(started).toHaveLength(1);
  });

  it('leaves the question to the viewer when the worker cannot answer', () => {
    const started = stubWorker();
    startRendererProbe();
    started[0]!.answer(null);
    const soft = canvasOf('Google SwiftShader');
    expect(drawsInSoftware(() => soft.canvas)).toBe(true);
    expect(soft.getContext).toHaveBeenCalledOnce();
  });
});
