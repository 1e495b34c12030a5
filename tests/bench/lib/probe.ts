/**
 * The in-page probe, installed as an init script in every page of the bench (Kiln and the
 * baselines alike, so both pay the same small cost). It records, against `performance.now()`:
 *
 * - long tasks (PerformanceObserver `longtask`, buffered);
 * - WebGL draw calls and `requestAnimationFrame` requests (an idle page makes neither);
 * - in Kiln's window: every change of the viewer's readiness attributes (`data-viewer-state`,
 *   `data-model-name`) and the time of the last `data-frames` change, so "first frame with the
 *   model" is the frame that preceded `ready`, not the later React commit;
 * - files fetched ahead (`fetchFile`) and dropped on the viewer (`drop`) the way a file
 *   manager drops them: a real `drop` event whose DataTransfer holds a File.
 *
 * These functions run in the page: Playwright serialises them with `toString()`. tsx compiles
 * named inner functions with an `__name` helper, so {@link NAME_SHIM} must be installed first.
 */

/** Defines tsx/esbuild's `__name` helper in the page (see the module comment). */
export const NAME_SHIM = 'globalThis.__name ??= (f) => f;';

/** One change of the viewer's state, as the probe saw it. */
export interface ViewerEvent {
  /** performance.now() when the change was observed. */
  readonly t: number;
  readonly state: string | null;
  readonly name: string | null;
  /** performance.now() of the last `data-frames` change at or before `t`. */
  readonly lastFrameAt: number;
  readonly frames: number;
}

/** What the probe keeps on `window.__bench`. */
export interface BenchProbe {
  /**
   * The long tasks as the observer delivered them: the bench's own GPU drains inside, the running
   * task missing. Benches read {@link settledLongtasks} instead.
   */
  longtasks: Array<[start: number, duration: number]>;
  draws: number;
  rafs: number;
  viewer: ViewerEvent[];
  lastFrameAt: number;
  frames: number;
  files: Map<string, File>;
  /** Named timestamps (performance.now()). */
  t: Record<string, number>;
  fetchFile(url: string, name: string, type?: string): Promise<number>;
  drop(name: string): number;
  /**
   * Waits (blocking) until the GPU has executed everything the page's WebGL canvas was sent:
   * a one-pixel `readPixels`. SwiftShader runs GL on the CPU, often long after the frame was
   * submitted; this is when its pixels really exist. Returns the ms it blocked.
   */
  drain(): number;
  /**
   * The long tasks up to now, the one running included: resolves after it has ended and its entry
   * has been queued. A task's entry exists only once the task is over, so `longtasks` read in the
   * task that drew a frame (the bare page renders and resolves in one `requestAnimationFrame`
   * callback) never holds that frame's task, while a model prepared in earlier tasks (Kiln
   * uploads its textures before the frame) has its tasks counted: both sides read through this.
   * The time the bench itself blocked in {@link BenchProbe.drain} is taken out of each task (the
   * bare page drains in its frame's task, Kiln in a later one): what is left is the page's work.
   */
  settledLongtasks(): Promise<Array<[start: number, duration: number]>>;
  /** Resolves with the first viewer event (from now on, or already seen after `since`) matching. */
  waitViewer(
    state: string,
    name: string | null,
    since: number,
    timeoutMs?: number,
  ): Promise<ViewerEvent>;
}

/** The probe itself. Installed with `context.addInitScript(installProbe)`. */
export function installProbe(): void {
  if (window.__bench) return;
  /** When the bench blocked in `drain` and for how long (not the page's work). */
  const drains: Array<[start: number, ms: number]> = [];
  let observer: PerformanceObserver | undefined;
  const keep = (entries: PerformanceEntryList) => {
    for (const e of entries) probe.longtasks.push([e.startTime, e.duration]);
  };
  const probe: BenchProbe = {
    longtasks: [],
    draws: 0,
    rafs: 0,
    viewer: [],
    lastFrameAt: 0,
    frames: 0,
    files: new Map(),
    t: {},
    async fetchFile(url, name, type = 'model/gltf-binary') {
      const started = performance.now();
      const blob = await (await fetch(url)).blob();
      probe.files.set(name, new File([blob], name, { type }));
      return performance.now() - started;
    },
    drop(name) {
      const file = probe.files.get(name);
      const viewer = document.querySelector('[data-testid="viewer"]');
      if (!file || !viewer)
        throw new Error(`cannot drop ${name}: ${file ? 'no viewer' : 'no file'}`);
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(file);
      const at = performance.now();
      viewer.dispatchEvent(
        new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }),
      );
      return at;
    },
    drain() {
      const canvas =
        document.querySelector<HTMLCanvasElement>('[data-testid="viewer"] canvas') ??
        document.querySelector<HTMLCanvasElement>('canvas');
      const gl = canvas?.getContext('webgl2');
      if (!gl) return NaN;
      const started = performance.now();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
      const ms = performance.now() - started;
      drains.push([started, ms]);
      return ms;
    },
    async settledLongtasks() {
      // Two turns of the event loop: the running task ends, its entry is queued; then taken
      // before the observer's own callback would deliver it.
      for (let i = 0; i < 2; i++) await new Promise((r) => setTimeout(r, 0));
      if (observer) keep(observer.takeRecords());
      return probe.longtasks.map(([start, duration]): [number, number] => {
        const end = start + duration;
        let drained = 0;
        for (const [at, ms] of drains) {
          drained += Math.max(0, Math.min(end, at + ms) - Math.max(start, at));
        }
        return [start, duration - drained];
      });
    },
    waitViewer(state, name, since, timeoutMs = 120_000) {
      const matches = (e: ViewerEvent) =>
        e.t >= since && e.state === state && (name === null || e.name === name);
      const seen = probe.viewer.find(matches);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`viewer never reached ${state} ${name ?? ''}`)),
          timeoutMs,
        );
        waiters.push((e) => {
          if (!matches(e)) return false;
          clearTimeout(timer);
          resolve(e);
          return true;
        });
      });
    },
  };
  const waiters: Array<(e: ViewerEvent) => boolean> = [];
  window.__bench = probe;

  try {
    observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'longtask', buffered: true });
  } catch {
    // No long task API: the lists stay empty.
  }

  const countDraws = (proto: object) => {
    const target = proto as Record<string, unknown>;
    for (const key of [
      'drawElements',
      'drawArrays',
      'drawElementsInstanced',
      'drawArraysInstanced',
      'drawRangeElements',
    ]) {
      const original = target[key];
      if (typeof original !== 'function') continue;
      target[key] = function (this: unknown, ...args: unknown[]) {
        probe.draws++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  };
  countDraws(WebGLRenderingContext.prototype);
  countDraws(WebGL2RenderingContext.prototype);
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    probe.rafs++;
    return raf(callback);
  };

  let lastState: string | null = null;
  let lastName: string | null = null;
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      const el = record.target as Element;
      if (el.getAttribute('data-testid') !== 'viewer') continue;
      if (record.attributeName === 'data-frames') {
        const frames = Number(el.getAttribute('data-frames'));
        if (frames !== probe.frames) {
          probe.frames = frames;
          probe.lastFrameAt = now;
        }
        continue;
      }
      const state = el.getAttribute('data-viewer-state');
      const name = el.getAttribute('data-model-name');
      if (state === lastState && name === lastName) continue;
      lastState = state;
      lastName = name;
      const event: ViewerEvent = {
        t: now,
        state,
        name,
        lastFrameAt: probe.lastFrameAt,
        frames: probe.frames,
      };
      probe.viewer.push(event);
      for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!(event)) waiters.splice(i, 1);
    }
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-viewer-state', 'data-model-name', 'data-frames'],
  });

  // Navigation → first frame: fetch the model at once, drop it as soon as the viewer exists.
  const auto = window.__benchAutoOpen;
  // Only in the page of the model's origin (not in the about:blank a new tab starts with).
  if (auto && location.origin === new URL(auto.url).origin) {
    const fetched = probe.fetchFile(auto.url, auto.name);
    const tryDrop = () => {
      if (probe.t['drop'] !== undefined) return true;
      if (!document.querySelector('[data-testid="viewer"]') || !probe.files.has(auto.name)) {
        return false;
      }
      probe.t['drop'] = probe.drop(auto.name);
      return true;
    };
    const watcher = new MutationObserver(() => {
      if (tryDrop()) watcher.disconnect();
    });
    watcher.observe(document, { subtree: true, childList: true });
    void fetched.then(() => {
      probe.t['fetched'] = performance.now();
      if (tryDrop()) watcher.disconnect();
    });
    void probe.waitViewer('ready', auto.name, 0).then((e) => {
      probe.t['ready'] = e.t;
      probe.t['firstFrame'] = e.lastFrameAt;
      probe.drain();
      probe.t['drawn'] = performance.now();
      void window.__benchSignal?.('ready', e);
    });
  }
}
