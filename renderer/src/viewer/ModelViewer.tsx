import { Trans, useLingui } from '@lingui/react/macro';
import { Canvas } from '@react-three/fiber';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type JSX,
  type RefObject,
} from 'react';
import { foreground, whenViewerQuiet } from '../ui/foreground';
import { idleChunk } from '../ui/idle-chunk';
import type { AnimationBarProps } from './animation/AnimationBar';
import { STAGE_LABEL } from './camera/keyboard-steps';
import { useStageKeys } from './camera/use-stage-keys';
import type { CapturePanelProps } from './capture/CapturePanel';
import { useCapture } from './capture/use-capture';
import type { ComparePanelProps } from './compare/ComparePanel';
import { CompareOverlay } from './compare/CompareOverlay';
import { useCompareEscape } from './compare/use-compare-escape';
import type { ScenePanelProps } from './environment/ScenePanel';
import { useEnvironmentError } from './environment/use-environment-error';
import type { PartsPanelProps } from './inspect/PartsPanel';
import type { StatsPanelProps } from './inspect/StatsPanel';
import { usePartsView } from './inspect/use-parts-view';
import { readinessAttributes, useFrameCountStart } from './instrumentation';
import type { HealthPanelProps } from './health/HealthPanel';
import { warmGltfDecoders } from './loading/gltf-loaders';
import { useLoadStatus, type LoadListeners } from './loading/use-load-status';
import { usePreparations } from './loading/use-preparations';
import { ViewerProgress } from './loading/ViewerProgress';
import { CloseButton } from './panels/CloseButton';
import { Inspector } from './panels/Inspector';
import { useInspector } from './panels/use-inspector';
import { ViewerToolbar, type InspectorTab } from './panels/ViewerToolbar';
import { useViewerMenu, ViewerMenuLayer, type ViewerMenuLayerProps } from './panels/ViewerMenu';
import { viewerContextAttributes } from './scene/context-attributes';
import { ViewerOutletsProvider, type ViewerOutlets } from './outlets';
import { ModelScene, type ModelSceneProps } from './scene/ModelScene';
import type { TurntablePanelProps } from './turntable/TurntablePanel';
import { DropOverlay } from './sources/DropOverlay';
import { useFileDrop } from './sources/use-file-drop';
import { MODEL_EXTENSIONS } from './loading/other-formats';

import { useShowingReport } from './sources/use-showing-report';
import { useViewerSources } from './sources/use-viewer-sources';
import { ViewerTitle } from './sources/ViewerTitle';
import { useViewerSettings } from './use-viewer-settings';
import type { LengthUnit } from './viewer-settings';
import type { ViewerCommands, ViewerShowing } from './viewer-types';
import './viewer.css';

/** What the viewer's file pickers offer: every model format it opens, and a glTF's files. */
const PICKER_ACCEPT = [...MODEL_EXTENSIONS.map((e) => `.${e}`), '.bin', 'image/*'].join(',');

/*
 * The inspector's panels (shown only once their tab is opened; health and turntable with their
 * workers, encoders and BVH) and the animation bar (only for a model with clips) are chunks of
 * their own, fetched at an idle moment once the viewer is quiet (`idleChunk`): a model's first
 * frame needs none of them (bench B7's viewer chunk).
 */
const ScenePanel = idleChunk<ScenePanelProps>(
  () => import('./environment/ScenePanel').then((m) => ({ default: m.ScenePanel })),
  null,
);
const StatsPanel = idleChunk<StatsPanelProps>(
  () => import('./inspect/StatsPanel').then((m) => ({ default: m.StatsPanel })),
  null,
);
const PartsPanel = idleChunk<PartsPanelProps>(
  () => import('./inspect/PartsPanel').then((m) => ({ default: m.PartsPanel })),
  null,
);
const ComparePanel = idleChunk<ComparePanelProps>(
  () => import('./compare/ComparePanel').then((m) => ({ default: m.ComparePanel })),
  null,
);
const CapturePanel = idleChunk<CapturePanelProps>(
  () => import('./capture/CapturePanel').then((m) => ({ default: m.CapturePanel })),
  null,
);
const AnimationBar = idleChunk<AnimationBarProps>(
  () => import('./animation/AnimationBar').then((m) => ({ default: m.AnimationBar })),
  null,
);
const HealthPanel = idleChunk<HealthPanelProps>(
  () => import('./health/HealthPanel').then((m) => ({ default: m.HealthPanel })),
  null,
);
const TurntablePanel = idleChunk<TurntablePanelProps>(
  () => import('./turntable/TurntablePanel').then((m) => ({ default: m.TurntablePanel })),
  null,
);

/** Props of {@link ModelViewer}. */
export interface ModelViewerProps extends LoadListeners {
  /** URL of a GLB (same-origin or app protocol); `undefined` shows the empty state. */
  url: string | undefined;
  /** Name of the app's model, shown in the viewer; defaults to the URL's file name. */
  name?: string;
  /** URL of a model (or version) to compare with, side by side or wiped, with one camera. */
  compareUrl?: string;
  /** How the user knows the compared model ("coffee · v2 Retexture"); defaults to the file name. */
  compareName?: string;
  /**
   * The user ended the comparison (Stop comparing, Escape): the app drops `compareUrl`. A
   * comparison with a local file ends inside the viewer.
   */
  onStopCompare?: () => void;
  /** Called whenever what is on screen changes: model A, and B while comparing. */
  onShowing?: (showing: ViewerShowing) => void;
  /** Start playing the model's first clip once it is on screen (a freshly rigged version). */
  autoPlay?: boolean;
  /** Open this inspector panel once the model is on screen (`parts` for a split version). */
  openPanel?: InspectorTab;
  /** The user's length unit from Kiln's settings; the readout starts in it (and follows it). */
  unit?: LengthUnit;
  /** The app's services the viewer's tools use (saving a recording, the print size, …). */
  outlets?: ViewerOutlets;
  /** Photos dropped on the viewer, with no model among them: the app makes models from them. */
  onPhotos?: (files: File[]) => void;
  /** The look the artist left the viewer in (Kiln's `viewerLook` setting): it starts in it. */
  look?: Readonly<Record<string, unknown>>;
  /** The look changed and rested: the app remembers it. */
  onLook?: (look: Record<string, string | number | boolean>) => void;
}

/** The stage: the keyboard-operable area holding the one canvas and the scene inside it. */
function Stage({
  stageRef,
  keys,
  menu,
  scene,
  onCanvasUp,
}: {
  stageRef: RefObject<HTMLDivElement | null>;
  keys: ReturnType<typeof useStageKeys>;
  /** The right-click menu, opened by a right click (not a drag), Shift+F10 or the menu key. */
  menu: Pick<ViewerMenuLayerProps, 'shown' | 'onSettings' | 'onScreenshot'>;
  scene: ModelSceneProps;
  /** The canvas's WebGL context is up: background work may start once the viewer is quiet. */
  onCanvasUp: () => void;
}) {
  const { t, i18n } = useLingui();
  const opener = useViewerMenu(stageRef, menu.shown);
  // Asked once, as the canvas is first made: a context's attributes cannot change after.
  const [contextAttributes] = useState(viewerContextAttributes);
  return (
    <>
      <div
        ref={stageRef}
        className="kiln-viewer__stage"
        tabIndex={0}
        role="application"
        aria-roledescription={t`3D viewer`}
        aria-label={i18n._(STAGE_LABEL)}
        onKeyDown={(event) => {
          if (!opener.onKeyDown(event)) keys.onKeyDown(event);
        }}
        onPointerDown={(event) => {
          keys.onPointerDown();
          opener.onPointerDown(event);
        }}
        onPointerMove={opener.onPointerMove}
        onPointerUp={opener.onPointerUp}
        onPointerCancel={opener.onPointerCancel}
        onContextMenu={opener.onContextMenu}
      >
        <Canvas
          frameloop="demand"
          dpr={[1, 2]}
          gl={contextAttributes}
          camera={{ fov: 35, near: 0.01, far: 200, position: [3, 2, 4] }}
          onCreated={onCanvasUp}
        >
          <ModelScene {...scene} />
        </Canvas>
      </div>
      <ViewerMenuLayer
        {...menu}
        menu={opener}
        settings={scene.settings}
        commandsRef={scene.commandsRef}
      />
    </>
  );
}

/** A hidden file input of the viewer (Open…, and the compare model). */
function FileInput({
  inputRef,
  testId,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  testId: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      hidden
      accept={PICKER_ACCEPT}
      multiple
      data-testid={testId}
      onChange={onChange}
    />
  );
}

/** The viewer's hidden file inputs: Open…, and the compare model. */
function FileInputs({
  openInput,
  compareInput,
  openFiles,
}: {
  openInput: RefObject<HTMLInputElement | null>;
  compareInput: RefObject<HTMLInputElement | null>;
  openFiles: ReturnType<typeof useFileDrop>['openFiles'];
}) {
  const onInput = (target: 'open' | 'compare') => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length) openFiles(files, target);
  };
  return (
    <>
      <FileInput inputRef={openInput} testId="viewer-open-input" onChange={onInput('open')} />
      <FileInput
        inputRef={compareInput}
        testId="viewer-compare-input"
        onChange={onInput('compare')}
      />
    </>
  );
}

/** The open model's title, or the compare overlay naming both models. */
function TitleOrCompare({
  sources,
  comparing,
  settings,
  patch,
}: {
  sources: ReturnType<typeof useViewerSources>;
  comparing: boolean;
  settings: ReturnType<typeof useViewerSettings>['settings'];
  patch: ReturnType<typeof useViewerSettings>['patch'];
}) {
  const { source, compareSource } = sources;
  return (
    <>
      {source && !comparing ? <ViewerTitle source={source} onClose={sources.closeLocal} /> : null}
      {comparing && compareSource ? (
        <CompareOverlay
          layout={settings.compareLayout}
          nameA={source?.name}
          nameB={compareSource.name}
          wipe={settings.wipe}
          onWipe={(wipe) => patch({ wipe })}
          onStop={sources.stopCompare}
        />
      ) : null}
    </>
  );
}

/** What the inspector's panels read of the viewer. */
interface InspectorPanelsProps {
  readonly tab: InspectorTab;
  readonly inspector: ReturnType<typeof useInspector>;
  readonly outlets: ViewerOutlets | undefined;
  readonly view: {
    settings: ReturnType<typeof useViewerSettings>['settings'];
    patch: ReturnType<typeof useViewerSettings>['patch'];
    partsView: ReturnType<typeof usePartsView>['partsView'];
    setPartsView: ReturnType<typeof usePartsView>['setPartsView'];
    environmentError: ReturnType<typeof useEnvironmentError>['environmentError'];
  };
  readonly load: ReturnType<typeof useLoadStatus>;
  readonly sources: ReturnType<typeof useViewerSources>;
  readonly comparing: boolean;
  readonly chooseCompare: () => void;
  readonly capture: Pick<ReturnType<typeof useCapture>, 'capture' | 'viewerSize'>;
  readonly stageOf: HealthPanelProps['stage'];
}

/** The inspector and the panel of its open tab. */
function InspectorPanels({
  tab,
  inspector,
  outlets,
  view: { settings, patch, partsView, setPartsView, environmentError },
  load: { info, infoB, stateB, currentB, state },
  sources,
  comparing,
  chooseCompare,
  capture: { capture, viewerSize },
  stageOf,
}: InspectorPanelsProps) {
  const { source, compareSource } = sources;
  const { t } = useLingui();
  return (
    <ViewerOutletsProvider value={outlets ?? null}>
      <Inspector id={inspector.id} tab={tab} onClose={inspector.close}>
        {tab === 'scene' ? (
          <ScenePanel settings={settings} onSettings={patch} environmentError={environmentError} />
        ) : null}
        {tab === 'stats' ? (
          <StatsPanel
            models={[
              ...(info ? [{ label: comparing ? 'A' : t`Model`, info }] : []),
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
            onChoose={chooseCompare}
            onStop={sources.stopCompare}
            disabled={!source}
          />
        ) : null}
        {tab === 'capture' ? (
          <CapturePanel disabled={state !== 'ready'} viewerSize={viewerSize} onCapture={capture} />
        ) : null}
        {tab === 'record' ? (
          <TurntablePanel
            stage={stageOf}
            modelName={info ? source?.name : undefined}
            clip={
              info?.animation?.getSnapshot().clips[info.animation.getSnapshot().clip]?.name ?? null
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
      </Inspector>
    </ViewerOutletsProvider>
  );
}

/** The messages over the stage: nothing open, loading, a load or drop error, the drop overlay. */
function ViewerMessages({
  state,
  current,
  drop,
}: {
  state: ReturnType<typeof useLoadStatus>['state'];
  current: ReturnType<typeof useLoadStatus>['current'];
  drop: ReturnType<typeof useFileDrop>;
}) {
  const { t } = useLingui();
  return (
    <>
      {state === 'empty' && (
        <p className="kiln-viewer__message" data-testid="viewer-empty">
          <Trans>
            No model open. Choose one from the library, or drop a model file here to inspect it.
          </Trans>
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
      {drop.dropError ? (
        <p className="kiln-viewer__toast" role="alert" data-testid="viewer-drop-error">
          {drop.dropError}
          <CloseButton label={t`Dismiss`} onClick={drop.dismissDropError} />
        </p>
      ) : null}
      {drop.dragging ? (
        <DropOverlay
          canCompare={state === 'ready'}
          onDrop={drop.openFiles}
          onLeave={drop.stopDragging}
        />
      ) : null}
    </>
  );
}

/**
 * Background work (other panels' chunks, the decoders' warm-up) waits until the canvas is up
 * (its WebGL context takes hundreds of ms on a software GPU) and while a model is on its way:
 * the first frame gets the CPU first (issue 29: B1, B2). Returns the canvas's "I am up" callback.
 */
function useQuietForeground(loading: boolean): () => void {
  const [canvasUp, setCanvasUp] = useState(false);
  const busy = !canvasUp || loading;
  useEffect(() => foreground.report(busy), [busy]);
  useEffect(() => whenViewerQuiet(warmGltfDecoders), []);
  return useCallback(() => setCanvasUp(true), []);
}

/** Once per model on screen: a new rig version plays its clips. */
function useAutoPlay(
  autoPlay: boolean | undefined,
  info: ReturnType<typeof useLoadStatus>['info'],
) {
  useEffect(() => {
    if (autoPlay && info?.animation) info.animation.play();
  }, [autoPlay, info]);
}

/**
 * Kiln's 3D model viewer, an inspection tool for artists: one demand-driven canvas (nothing is
 * drawn while nothing moves) with orbit/pan/zoom, fit, reset, view presets and turntable; HDR
 * lighting with rotation and exposure; shading modes; grid, shadow and dimensions; statistics;
 * clip playback with a skeleton overlay; a parts outliner; A/B compare; PNG capture; turntable
 * videos; a mesh-health and printability check; and drop-in
 * of local model files (glTF, STL, OBJ, FBX, 3MF, USDZ). Camera, animation and view settings stay inside the viewer.
 *
 * This component only composes: each concern is a hook or component of the room named for it
 * (`sources/`, `loading/`, `scene/`, `camera/`, `environment/`, `inspect/`, `animation/`,
 * `compare/`, `capture/`, `turntable/`, `health/`, `panels/`). The root element (`data-testid="viewer"`) carries
 * readiness attributes for tests and tools, all written by `instrumentation.tsx`.
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
  compareName,
  onStopCompare,
  onShowing,
  onStats,
  onError,
  onStateChange,
  autoPlay,
  openPanel,
  unit,
  outlets,
  onPhotos,
  look,
  onLook,
}: ModelViewerProps): JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const openInput = useRef<HTMLInputElement>(null);
  const compareInput = useRef<HTMLInputElement>(null);
  const commandsRef = useRef<ViewerCommands | null>(null);

  const { settings, patch } = useViewerSettings(unit, look, onLook);
  const sources = useViewerSources({ url, name, compareUrl, compareName, onStopCompare });
  const { source, compareSource } = sources;
  const preparations = usePreparations(source, compareSource);
  // The stats are the app's model's (the print tool sizes it): a local file's are not.
  const load = useLoadStatus(source, compareSource, {
    onStats: source?.local ? undefined : onStats,
    onError,
    onStateChange,
  });
  const { current, state, stateB, info } = load;
  const inspector = useInspector(openPanel, info);
  const drop = useFileDrop(sources, () => inspector.offer('compare'), onPhotos);
  const { partsView, setPartsView } = usePartsView(source);
  const { environmentError, onEnvironmentError } = useEnvironmentError(settings.environment, patch);
  const stageKeys = useStageKeys(stageRef, commandsRef, settings.turntable, patch);
  const { capture, viewerSize, screenshot } = useCapture(commandsRef, rootRef, source?.name);
  useFrameCountStart(rootRef);
  // The canvas's insides for the tools that render or inspect the model (turntable, health).
  const stageOf = useCallback(() => commandsRef.current?.stage() ?? null, []);

  const onCanvasUp = useQuietForeground(state === 'loading' || stateB === 'loading');
  useAutoPlay(autoPlay, info);

  const comparing = state === 'ready' && stateB === 'ready';
  const compareLayout = comparing ? settings.compareLayout : 'off';
  const { tab } = inspector;
  useCompareEscape(compareSource !== undefined, sources.stopCompare);
  useShowingReport(source, compareSource, comparing, info, onShowing);

  return (
    <div
      ref={rootRef}
      className="kiln-viewer"
      data-testid="viewer"
      {...readinessAttributes({
        state,
        modelName: source?.name,
        info,
        compare: compareLayout,
        compareState: stateB,
      })}
      aria-busy={state === 'loading'}
      {...drop.rootHandlers}
    >
      <Stage
        stageRef={stageRef}
        keys={stageKeys}
        menu={{ shown: state === 'ready', onSettings: patch, onScreenshot: screenshot }}
        onCanvasUp={onCanvasUp}
        scene={{
          source,
          compareSource,
          settings,
          partsView,
          events: load.events,
          commandsRef,
          frameTarget: rootRef,
          onEnvironmentError,
          preparations,
        }}
      />

      <ViewerToolbar
        disabled={state !== 'ready'}
        settings={settings}
        onSettings={patch}
        onFit={() => commandsRef.current?.fit()}
        onReset={() => commandsRef.current?.reset()}
        onView={(preset) => commandsRef.current?.view(preset)}
        onOpenFile={() => openInput.current?.click()}
        tab={tab}
        onTab={inspector.toggle}
        inspectorId={inspector.id}
      />
      <FileInputs openInput={openInput} compareInput={compareInput} openFiles={drop.openFiles} />

      <TitleOrCompare sources={sources} comparing={comparing} settings={settings} patch={patch} />

      {tab ? (
        <InspectorPanels
          tab={tab}
          inspector={inspector}
          outlets={outlets}
          view={{ settings, patch, partsView, setPartsView, environmentError }}
          load={load}
          sources={sources}
          comparing={comparing}
          chooseCompare={() => compareInput.current?.click()}
          capture={{ capture, viewerSize }}
          stageOf={stageOf}
        />
      ) : null}

      {info?.animation ? (
        <AnimationBar
          controller={info.animation}
          skeleton={settings.skeleton}
          onSkeleton={(skeleton) => patch({ skeleton })}
        />
      ) : null}

      <ViewerMessages state={state} current={current} drop={drop} />
    </div>
  );
}
