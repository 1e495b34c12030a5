import { Canvas } from '@react-three/fiber';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type JSX,
  type KeyboardEvent,
} from 'react';
import { ACESFilmicToneMapping, SRGBColorSpace } from 'three';
import { AnimationBar } from './AnimationBar';
import { captureFileName } from './capture-pixels';
import { CapturePanel } from './CapturePanel';
import { ComparePanel } from './ComparePanel';
import { DropOverlay } from './DropOverlay';
import { localSource, pickDroppedModel, type ModelSource } from './dropped-files';
import { environmentById, ENVIRONMENTS, type EnvironmentId } from './environments';
import { warmGltfDecoders } from './gltf-loaders';
import { Icon } from './Icon';
import { keyboardStep, STAGE_LABEL } from './keyboard-steps';
import { loadErrorSentence } from './load-error';
import type { LoadProgress } from './load-model';
import { ModelPreparations } from './model-preparations';
import { ModelScene } from './ModelScene';
import { ALL_PARTS_VISIBLE, type PartsView } from './parts';
import { PartsPanel } from './PartsPanel';
import { HealthPanel } from './health/HealthPanel';
import { progressPercent } from './progress-label';
import { ScenePanel } from './ScenePanel';
import { StatsPanel } from './StatsPanel';
import { TurntablePanel } from './turntable/TurntablePanel';
import { useLatest } from './use-latest';
import {
  DEFAULT_SETTINGS,
  patchSettings,
  type LengthUnit,
  type ViewerSettings,
} from './viewer-settings';
import type { ModelInfo, SceneEvents, SlotId, ViewerCommands, ViewerState } from './viewer-types';
import { ViewerProgress } from './ViewerProgress';
import { ViewerToolbar, type InspectorTab } from './ViewerToolbar';
import './viewer.css';

/** What the viewer reports about the model on screen. */
export interface ViewerModelStats {
  readonly triangles: number;
  readonly vertices: number;
  readonly meshes: number;
  /** Bounding-box size in metres (glTF's unit). */
  readonly size: { readonly x: number; readonly y: number; readonly z: number };
}

/** Props of {@link ModelViewer}. */
export interface ModelViewerProps {
  /** URL of a GLB (same-origin or app protocol); `undefined` shows the empty state. */
  url: string | undefined;
  /** Name of the app's model, shown in the viewer; defaults to the URL's file name. */
  name?: string;
  /** URL of a model (or version) to compare with, side by side or wiped, with one camera. */
  compareUrl?: string;
  /** Called once per model, when it is on screen, with its counts and bounding-box size (m). */
  onStats?: (s: ViewerModelStats) => void;
  /** Called with the sentence the viewer shows when a model cannot be opened. */
  onError?: (message: string) => void;
  /** Called when the viewer's state (`data-viewer-state`) changes, and once when it mounts. */
  onStateChange?: (state: ViewerState) => void;
  /** Start playing the model's first clip once it is on screen (a freshly rigged version). */
  autoPlay?: boolean;
  /** Open this inspector panel once the model is on screen (`parts` for a split version). */
  openPanel?: InspectorTab;
  /** The user's length unit from Kiln's settings; the readout starts in it (and follows it). */
  unit?: LengthUnit;
}

type Status =
  | { readonly phase: 'loading'; readonly key: string; readonly progress: LoadProgress }
  | { readonly phase: 'ready'; readonly key: string; readonly info: ModelInfo }
  | { readonly phase: 'error'; readonly key: string; readonly message: string };

interface LocalModel {
  readonly source: ModelSource;
  readonly revoke: () => void;
}

const START: LoadProgress = { stage: 'download', loaded: 0, total: undefined };
/** Byte-count-only progress updates re-render at most this often. */
const PROGRESS_INTERVAL_MS = 200;

function appSource(url: string | undefined, name: string | undefined): ModelSource | undefined {
  if (!url) return undefined;
  const file = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'Model';
  return { key: url, url, name: name ?? file, local: false };
}

/** The status that belongs to `source`: right after a change, "loading" rather than the old one. */
function statusFor(status: Status | null, source: ModelSource | undefined): Status | null {
  if (!source) return null;
  return status && status.key === source.key
    ? status
    : { phase: 'loading', key: source.key, progress: START };
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Kiln's 3D model viewer, an inspection tool for artists: one demand-driven canvas (nothing is
 * drawn while nothing moves) with orbit/pan/zoom, fit, reset, view presets and turntable; HDR
 * lighting with rotation and exposure; shading modes; grid, shadow and dimensions; statistics;
 * clip playback with a skeleton overlay; a parts outliner; A/B compare; PNG capture; and drop-in
 * of local `.glb`/`.gltf` files. Camera, animation and view settings stay inside the viewer.
 *
 * The root element (`data-testid="viewer"`) carries readiness attributes for tests and tools:
 * `data-viewer-state` (`empty` | `loading` | `ready` | `error`), `data-model-name`, counts
 * (`data-triangles`, `data-vertices`, `data-meshes`, `data-materials`, `data-textures`,
 * `data-clips`, `data-parts`), `data-compare` (`off` | `side` | `wipe`) and
 * `data-compare-state`; `data-camera` (`moving` while a camera move or the turntable runs,
 * else `still`); after every drawn frame `data-frames` (frames drawn so far),
 * `data-drawn` (the settings that frame showed) and the renderer's live resource counts
 * `data-gl-geometries`, `data-gl-textures`, `data-gl-programs`; `data-lighting="warm"` once
 * the empty viewer has built its lighting at idle (the start line for resource counts).
 *
 * @example
 * ```tsx
 * <ModelViewer url={model?.glbUrl} name={model?.name} onStats={setStats} onError={toast} />
 * ```
 */
export function ModelViewer({
  url,
  name,
  compareUrl,
  onStats,
  onError,
  onStateChange,
  autoPlay,
  openPanel,
  unit,
}: ModelViewerProps): JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const openInput = useRef<HTMLInputElement>(null);
  const compareInput = useRef<HTMLInputElement>(null);
  const commandsRef = useRef<ViewerCommands | null>(null);
  const inspectorId = useId();

  const [settings, setSettings] = useState<ViewerSettings>(DEFAULT_SETTINGS);
  const [local, setLocal] = useState<LocalModel | null>(null);
  const [localCompare, setLocalCompare] = useState<LocalModel | null>(null);
  const [statusA, setStatusA] = useState<Status | null>(null);
  const [statusB, setStatusB] = useState<Status | null>(null);
  const [parts, setParts] = useState<{ key: string; view: PartsView } | null>(null);
  const [tab, setTab] = useState<InspectorTab | null>(null);
  const [dragging, setDragging] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const [envError, setEnvError] = useState<string | null>(null);

  const fromApp = useMemo(() => appSource(url, name), [url, name]);
  const source = local?.source ?? fromApp;
  const compareFromApp = useMemo(() => appSource(compareUrl, undefined), [compareUrl]);
  const compareSource = source ? (localCompare?.source ?? compareFromApp) : undefined;

  // A model the app opens replaces a dropped one.
  const localRef = useLatest(local);
  useEffect(() => {
    const current = localRef.current;
    if (current) {
      current.revoke();
      setLocal(null);
    }
  }, [url, localRef]);
  // Blob URLs die with the viewer.
  const compareRef = useLatest(localCompare);
  useEffect(
    () => () => {
      localRef.current?.revoke();
      compareRef.current?.revoke();
    },
    [localRef, compareRef],
  );

  // Downloads and parses start the moment a model is chosen, while the canvas may still be
  // starting; the canvas takes them over (see ModelPreparations).
  const [preparations] = useState(() => new ModelPreparations());
  useEffect(() => {
    preparations.keepOnly([source?.key, compareSource?.key]);
    if (source) preparations.start(source);
    if (compareSource) preparations.start(compareSource);
  }, [preparations, source, compareSource]);
  useEffect(() => () => preparations.keepOnly([]), [preparations]);

  const sourceKeyRef = useLatest(source?.key);
  const onStatsRef = useLatest(onStats);
  const onErrorRef = useLatest(onError);
  const lastProgress = useRef<{ at: number; progress: LoadProgress } | null>(null);

  // Stable for the canvas's lifetime. Statuses carry their source key and only the current
  // source's status is shown (see statusFor); callbacks to the parent check once more.
  const events = useMemo<SceneEvents>(() => {
    const set = (slot: SlotId, status: Status): void =>
      (slot === 'a' ? setStatusA : setStatusB)(status);
    return {
      onLoading(slot, key) {
        if (slot === 'a') lastProgress.current = null;
        set(slot, { phase: 'loading', key, progress: START });
      },
      onProgress(slot, key, progress) {
        if (slot === 'a') {
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
        }
        set(slot, { phase: 'loading', key, progress });
      },
      onReady(slot, key, info) {
        set(slot, { phase: 'ready', key, info });
        if (slot === 'a' && key === sourceKeyRef.current) {
          const { triangles, vertices, meshes } = info.stats;
          onStatsRef.current?.({ triangles, vertices, meshes, size: info.size });
        }
      },
      onError(slot, key, error) {
        const message = loadErrorSentence(error);
        set(slot, { phase: 'error', key, message });
        if (slot === 'a' && key === sourceKeyRef.current) onErrorRef.current?.(message);
      },
    };
  }, [sourceKeyRef, onStatsRef, onErrorRef]);

  const current = statusFor(statusA, source);
  const currentB = statusFor(statusB, compareSource);
  const state: ViewerState = current ? current.phase : 'empty';
  const stateB: ViewerState = currentB ? currentB.phase : 'empty';
  const onStateChangeRef = useLatest(onStateChange);
  useEffect(() => onStateChangeRef.current?.(state), [state, onStateChangeRef]);
  const info = current?.phase === 'ready' ? current.info : undefined;
  const infoB = currentB?.phase === 'ready' ? currentB.info : undefined;
  const comparing = state === 'ready' && stateB === 'ready';
  const partsView = parts && parts.key === source?.key ? parts.view : ALL_PARTS_VISIBLE;

  const patch = useCallback(
    (p: Partial<ViewerSettings>) => setSettings((s) => patchSettings(s, p)),
    [],
  );
  const setPartsView = useCallback(
    (view: PartsView) => {
      if (source) setParts({ key: source.key, view });
    },
    [source],
  );

  useLayoutEffect(() => {
    // Written once here and then only by the scene, never through React props, so React never
    // resets it on re-render.
    if (!rootRef.current?.hasAttribute('data-frames'))
      rootRef.current?.setAttribute('data-frames', '0');
  }, []);

  useEffect(() => warmGltfDecoders(), []);
  useEffect(() => {
    if (unit) setSettings((s) => patchSettings(s, { unit }));
  }, [unit]);

  // Once per model on screen: a new rig version plays its clips, a split one shows its parts.
  useEffect(() => {
    if (autoPlay && info?.animation) info.animation.play();
  }, [autoPlay, info]);
  useEffect(() => {
    if (openPanel && info) setTab(openPanel);
  }, [openPanel, info]);

  const openFiles = useCallback(
    (files: File[], target: 'open' | 'compare') => {
      setDragging(false);
      const picked = pickDroppedModel(files);
      if ('error' in picked) {
        setDropError(picked.error);
        return;
      }
      setDropError(null);
      const made = localSource(picked);
      if (target === 'compare' && source) {
        setLocalCompare((old) => {
          old?.revoke();
          return made;
        });
        setTab((t) => t ?? 'compare');
      } else {
        setLocal((old) => {
          old?.revoke();
          return made;
        });
        // A new model starts a fresh inspection: no comparison carried over.
        setLocalCompare((old) => {
          old?.revoke();
          return null;
        });
      }
    },
    [source],
  );

  const closeLocal = useCallback(() => {
    setLocal((old) => {
      old?.revoke();
      return null;
    });
    setLocalCompare((old) => {
      old?.revoke();
      return null;
    });
  }, []);

  const stopCompare = useCallback(() => {
    setLocalCompare((old) => {
      old?.revoke();
      return null;
    });
  }, []);

  const onInput = (target: 'open' | 'compare') => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length) openFiles(files, target);
  };

  const onEnvironmentError = useCallback(
    (id: EnvironmentId, error: unknown) => {
      const fallback = ENVIRONMENTS[0]!;
      const label = environmentById(id).label;
      const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
      if (id === fallback.id) {
        setEnvError(
          `Could not load the “${label}” lighting${detail}: the model is lit by a plain fill light. Reinstalling Kiln restores the file.`,
        );
        return;
      }
      setEnvError(
        `Could not load the “${label}” lighting${detail}. Showing the ${fallback.label.toLowerCase()} instead.`,
      );
      patch({ environment: fallback.id });
    },
    [patch],
  );
  useEffect(() => {
    if (settings.environment !== 'studio') setEnvError(null);
  }, [settings.environment]);

  const onStageKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step = keyboardStep(event.key, event.shiftKey);
      if (!step) return;
      event.preventDefault();
      const commands = commandsRef.current;
      if (step === 'fit') commands?.fit();
      else if (step === 'reset') commands?.reset();
      else if (step === 'turntable') patch({ turntable: !settings.turntable });
      else if ('preset' in step) commands?.view(step.preset);
      else commands?.nudge(step);
    },
    [patch, settings.turntable],
  );

  // Clicking or dragging the model gives the stage keyboard focus, so shortcuts work next.
  const onStagePointerDown = useCallback(() => {
    if (document.activeElement !== stageRef.current)
      stageRef.current?.focus({ preventScroll: true });
  }, []);

  const capture = useCallback(
    async (options: { width: number; height: number; transparent: boolean }) => {
      const commands = commandsRef.current;
      if (!commands) throw new Error('the viewer is not ready');
      const shot = await commands.capture(options);
      const fileName = captureFileName(source?.name ?? 'model', shot.width, shot.height);
      const href = URL.createObjectURL(shot.blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = fileName;
      link.click();
      // The download has started by the time the page gets back to its tasks.
      setTimeout(() => URL.revokeObjectURL(href), 30_000);
      return { fileName, width: shot.width, height: shot.height };
    },
    [source?.name],
  );
  const viewerSize = useCallback(() => {
    const rect = rootRef.current?.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    return {
      width: Math.round((rect?.width ?? 800) * dpr),
      height: Math.round((rect?.height ?? 600) * dpr),
    };
  }, []);

  const stageOf = useCallback(() => commandsRef.current?.stage() ?? null, []);
  const toggleTab = useCallback(
    (next: InspectorTab) => setTab((t) => (t === next ? null : next)),
    [],
  );
  const compareLayout = comparing ? settings.compareLayout : 'off';
  const stats = info?.stats;

  return (
    <div
      ref={rootRef}
      className="kiln-viewer"
      data-testid="viewer"
      data-viewer-state={state}
      data-model-name={source?.name}
      data-triangles={stats?.triangles}
      data-vertices={stats?.vertices}
      data-meshes={stats?.meshes}
      data-materials={stats?.materials}
      data-textures={stats?.textures.length}
      data-clips={info ? (info.animation?.getSnapshot().clips.length ?? 0) : undefined}
      data-parts={info?.parts.length}
      data-compare={compareLayout}
      data-compare-state={stateB}
      aria-busy={state === 'loading'}
      onDragEnter={(e) => {
        if (hasFiles(e)) setDragging(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDrop={(e) => {
        e.preventDefault();
        openFiles(Array.from(e.dataTransfer?.files ?? []), 'open');
      }}
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
            alpha: true,
            toneMapping: ACESFilmicToneMapping,
            outputColorSpace: SRGBColorSpace,
          }}
          camera={{ fov: 35, near: 0.01, far: 200, position: [3, 2, 4] }}
        >
          <ModelScene
            source={source}
            compareSource={compareSource}
            settings={settings}
            partsView={partsView}
            events={events}
            commandsRef={commandsRef}
            frameTarget={rootRef}
            onEnvironmentError={onEnvironmentError}
            preparations={preparations}
          />
        </Canvas>
      </div>

      <ViewerToolbar
        disabled={state !== 'ready'}
        settings={settings}
        onSettings={patch}
        onFit={() => commandsRef.current?.fit()}
        onReset={() => commandsRef.current?.reset()}
        onView={(preset) => commandsRef.current?.view(preset)}
        onOpenFile={() => openInput.current?.click()}
        tab={tab}
        onTab={toggleTab}
        inspectorId={inspectorId}
      />
      <input
        ref={openInput}
        type="file"
        hidden
        accept=".glb,.gltf,.bin,image/*"
        multiple
        data-testid="viewer-open-input"
        onChange={onInput('open')}
      />
      <input
        ref={compareInput}
        type="file"
        hidden
        accept=".glb,.gltf,.bin,image/*"
        multiple
        data-testid="viewer-compare-input"
        onChange={onInput('compare')}
      />

      {source && !comparing ? (
        <div className="kiln-viewer__title" data-testid="viewer-title">
          {
            <>
              <span className="kiln-viewer__name" title={source.name}>
                {source.name}
              </span>
              {source.local ? <span className="kiln-viewer__tag">Local file</span> : null}
              {source.local ? (
                <button
                  type="button"
                  className="kiln-viewer__tool kiln-viewer__tool--small"
                  data-testid="viewer-close"
                  aria-label={`Close ${source.name}`}
                  title="Close"
                  onClick={closeLocal}
                >
                  <Icon name="close" />
                </button>
              ) : null}
            </>
          }
        </div>
      ) : null}

      {comparing && compareSource ? (
        <div
          className={`kiln-viewer__compare kiln-viewer__compare--${compareLayout}`}
          data-testid="viewer-compare-labels"
        >
          <span className="kiln-viewer__compare-label">A · {source?.name}</span>
          <span className="kiln-viewer__compare-label">B · {compareSource.name}</span>
          {compareLayout === 'wipe' ? (
            <>
              <div
                className="kiln-viewer__wipe-line"
                style={{ left: `${settings.wipe * 100}%` }}
                aria-hidden="true"
              />
              <input
                type="range"
                className="kiln-viewer__wipe"
                data-testid="viewer-wipe"
                aria-label="Wipe position between A and B"
                min={0}
                max={1}
                step={0.01}
                value={settings.wipe}
                onChange={(e) => patch({ wipe: Number(e.currentTarget.value) })}
              />
            </>
          ) : (
            <div className="kiln-viewer__split-line" aria-hidden="true" />
          )}
        </div>
      ) : null}

      {tab ? (
        <aside
          id={inspectorId}
          className="kiln-viewer__inspector"
          aria-label="Inspector"
          data-testid={`viewer-panel-${tab}`}
        >
          <header>
            <h2>
              {
                {
                  scene: 'Lighting',
                  stats: 'Statistics',
                  parts: 'Parts',
                  compare: 'Compare',
                  capture: 'Capture',
                  record: 'Turntable video',
                  health: 'Health',
                }[tab]
              }
            </h2>
            <button
              type="button"
              className="kiln-viewer__tool kiln-viewer__tool--small"
              aria-label="Close the panel"
              title="Close"
              data-testid="viewer-panel-close"
              onClick={() => setTab(null)}
            >
              <Icon name="close" />
            </button>
          </header>
          {tab === 'scene' ? (
            <ScenePanel settings={settings} onSettings={patch} environmentError={envError} />
          ) : null}
          {tab === 'stats' ? (
            <StatsPanel
              models={[
                ...(info ? [{ label: comparing ? 'A' : 'Model', info }] : []),
                ...(comparing && infoB ? [{ label: 'B', info: infoB }] : []),
              ]}
              unit={settings.unit}
              onUnit={(unit) => patch({ unit })}
            />
          ) : null}
          {tab === 'parts' ? (
            <PartsPanel parts={info?.parts ?? []} view={partsView} onView={setPartsView} />
          ) : null}
          {tab === 'compare' ? (
            <ComparePanel
              compareName={compareSource?.name}
              compareState={stateB}
              compareError={currentB?.phase === 'error' ? currentB.message : null}
              layout={settings.compareLayout}
              onLayout={(compareLayout) => patch({ compareLayout })}
              onChoose={() => compareInput.current?.click()}
              onStop={stopCompare}
              disabled={!source}
            />
          ) : null}
          {tab === 'capture' ? (
            <CapturePanel
              disabled={state !== 'ready'}
              viewerSize={viewerSize}
              onCapture={capture}
            />
          ) : null}
          {tab === 'record' ? (
            <TurntablePanel
              stage={stageOf}
              modelName={info ? source?.name : undefined}
              clip={
                info?.animation?.getSnapshot().clips[info.animation.getSnapshot().clip]?.name ??
                null
              }
            />
          ) : null}
          {tab === 'health' ? (
            <HealthPanel
              stage={stageOf}
              modelKey={info ? source?.key : undefined}
              textures={info?.stats.textures ?? []}
            />
          ) : null}
        </aside>
      ) : null}

      {info?.animation ? (
        <AnimationBar
          controller={info.animation}
          skeleton={settings.skeleton}
          onSkeleton={(skeleton) => patch({ skeleton })}
        />
      ) : null}

      {state === 'empty' && (
        <p className="kiln-viewer__message" data-testid="viewer-empty">
          No model open. Choose one from the library, or drop a .glb or .gltf file here to inspect
          it.
        </p>
      )}
      {current?.phase === 'loading' && (
        <ViewerProgress key={current.key} progress={current.progress} />
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
      {dropError ? (
        <p className="kiln-viewer__toast" role="alert" data-testid="viewer-drop-error">
          {dropError}
          <button
            type="button"
            className="kiln-viewer__tool kiln-viewer__tool--small"
            aria-label="Dismiss"
            onClick={() => setDropError(null)}
          >
            <Icon name="close" />
          </button>
        </p>
      ) : null}
      {dragging ? (
        <DropOverlay
          canCompare={state === 'ready'}
          onDrop={openFiles}
          onLeave={() => setDragging(false)}
        />
      ) : null}
    </div>
  );
}
