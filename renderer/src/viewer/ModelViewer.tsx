import { Canvas } from '@react-three/fiber';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type JSX,
  type KeyboardEvent,
} from 'react';
import { ACESFilmicToneMapping, SRGBColorSpace } from 'three';
import { warmGltfDecoders } from './gltf-loaders';
import { loadErrorSentence } from './load-error';
import type { LoadProgress } from './load-model';
import type { ModelStats } from './model-stats';
import { ModelScene } from './ModelScene';
import { keyboardStep, STAGE_LABEL } from './keyboard-steps';
import { progressPercent } from './progress-label';
import { useLatest } from './use-latest';
import type { SceneEvents, ViewerCommands, ViewerState } from './viewer-types';
import { ViewerProgress } from './ViewerProgress';
import { ViewerToolbar } from './ViewerToolbar';
import './viewer.css';

/** Props of {@link ModelViewer}. */
export interface ModelViewerProps {
  /** URL of a GLB (same-origin or app protocol); `undefined` shows the empty state. */
  url: string | undefined;
  /** Called once per model, when it is on screen, with its size. */
  onStats?: (s: { triangles: number; vertices: number; meshes: number }) => void;
  /** Called with the sentence the viewer shows when a model cannot be opened. */
  onError?: (message: string) => void;
}

type Status =
  | { readonly phase: 'loading'; readonly url: string; readonly progress: LoadProgress }
  | { readonly phase: 'ready'; readonly url: string; readonly stats: ModelStats }
  | { readonly phase: 'error'; readonly url: string; readonly message: string };

const START: LoadProgress = { stage: 'download', loaded: 0, total: undefined };
/** Byte-count-only progress updates re-render at most this often. */
const PROGRESS_INTERVAL_MS = 200;

/**
 * Kiln's 3D model viewer: one demand-driven canvas with a neutral studio light, orbit controls,
 * Fit / Reset view, a progress bar while a model opens and a plain sentence when it cannot.
 *
 * The root element (`data-testid="viewer"`) carries readiness attributes for tests and tools:
 * `data-viewer-state` (`empty` | `loading` | `ready` | `error`), `data-triangles`,
 * `data-vertices`, `data-meshes` once ready, and `data-frames`, the number of frames drawn so far
 * (it stays still while nothing moves).
 *
 * @example
 * ```tsx
 * <ModelViewer url={model?.glbUrl} onStats={setStats} onError={toast} />
 * ```
 */
export function ModelViewer({ url, onStats, onError }: ModelViewerProps): JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const commandsRef = useRef<ViewerCommands | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const urlRef = useLatest(url);
  const onStatsRef = useLatest(onStats);
  const onErrorRef = useLatest(onError);
  const lastProgress = useRef<{ at: number; progress: LoadProgress } | null>(null);

  // Stable for the canvas's lifetime. Statuses carry their URL and only the current URL's status
  // is shown (see `current`); the scene already drops events of superseded loads, and the
  // callbacks to the parent check once more, since they cannot be taken back.
  const events = useMemo<SceneEvents>(
    () => ({
      onLoading(forUrl) {
        lastProgress.current = null;
        setStatus({ phase: 'loading', url: forUrl, progress: START });
      },
      onProgress(forUrl, progress) {
        const now = performance.now();
        const last = lastProgress.current;
        if (
          last &&
          last.progress.stage === progress.stage &&
          progressPercent(last.progress) === progressPercent(progress) &&
          now - last.at < PROGRESS_INTERVAL_MS
        ) {
          return;
        }
        lastProgress.current = { at: now, progress };
        setStatus({ phase: 'loading', url: forUrl, progress });
      },
      onReady(forUrl, stats) {
        if (forUrl !== urlRef.current) return;
        setStatus({ phase: 'ready', url: forUrl, stats });
        onStatsRef.current?.({ ...stats });
      },
      onError(forUrl, error) {
        if (forUrl !== urlRef.current) return;
        const message = loadErrorSentence(error);
        setStatus({ phase: 'error', url: forUrl, message });
        onErrorRef.current?.(message);
      },
    }),
    [urlRef, onStatsRef, onErrorRef],
  );

  // The status belongs to the URL it was reported for. Right after `url` changes, before the
  // scene has reported anything, show "loading" rather than the previous model's "ready".
  const current: Status | null =
    url === undefined
      ? null
      : status && status.url === url
        ? status
        : { phase: 'loading', url, progress: START };
  const state: ViewerState = current ? current.phase : 'empty';
  const stats = current?.phase === 'ready' ? current.stats : undefined;

  useLayoutEffect(() => {
    // Written once here and then only by FrameCounter, never through React props, so React
    // never resets it on re-render.
    if (!rootRef.current?.hasAttribute('data-frames')) {
      rootRef.current?.setAttribute('data-frames', '0');
    }
  }, []);

  useEffect(() => warmGltfDecoders(), []);

  const fit = useCallback(() => commandsRef.current?.fit(), []);
  const reset = useCallback(() => commandsRef.current?.reset(), []);

  const onStageKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = keyboardStep(event.key, event.shiftKey);
    if (!step) return;
    event.preventDefault();
    const commands = commandsRef.current;
    if (step === 'fit') commands?.fit();
    else if (step === 'reset') commands?.reset();
    else commands?.nudge(step);
  }, []);

  // Clicking or dragging the model gives the stage keyboard focus, so shortcuts work next.
  const onStagePointerDown = useCallback(() => {
    if (document.activeElement !== stageRef.current)
      stageRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      ref={rootRef}
      className="kiln-viewer"
      data-testid="viewer"
      data-viewer-state={state}
      data-triangles={stats?.triangles}
      data-vertices={stats?.vertices}
      data-meshes={stats?.meshes}
      aria-busy={state === 'loading'}
    >
      <div
        ref={stageRef}
        className="kiln-viewer__stage"
        tabIndex={0}
        role="application"
        aria-roledescription="3D viewer"
        aria-label={STAGE_LABEL}
        onKeyDown={onStageKeyDown}
        onPointerDown={onStagePointerDown}
      >
        <Canvas
          frameloop="demand"
          dpr={[1, 2]}
          // preserveDrawingBuffer lets tests and thumbnails read pixels after the frame. ACES
          // filmic with sRGB output is what glTF viewers and DCC tools show artists by default.
          gl={{
            preserveDrawingBuffer: true,
            antialias: true,
            toneMapping: ACESFilmicToneMapping,
            outputColorSpace: SRGBColorSpace,
          }}
          camera={{ fov: 35, near: 0.01, far: 200, position: [3, 2, 4] }}
        >
          <ModelScene url={url} events={events} commandsRef={commandsRef} frameTarget={rootRef} />
        </Canvas>
      </div>

      {state === 'empty' && (
        <p className="kiln-viewer__message" data-testid="viewer-empty">
          No model open. Choose one from the library to look at it here.
        </p>
      )}
      {current?.phase === 'loading' && (
        <ViewerProgress key={current.url} progress={current.progress} />
      )}
      {current?.phase === 'error' && (
        <p
          className="kiln-viewer__message kiln-viewer__message--error"
          role="alert"
          data-testid="viewer-error"
        >
          {current.message}
        </p>
      )}

      <ViewerToolbar disabled={state !== 'ready'} onFit={fit} onReset={reset} />
    </div>
  );
}
