/**
 * The centre of the window: the model viewer, loaded lazily so the entry chunk carries no
 * three.js, with a caption above it that names what is on screen: the open model and its facts,
 * a local file, or the two models compared.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
} from 'react';
import type { DragOutProps } from '../features/desktop/DragOut';
import type { ShowInFolderButton as ShowInFolderButtonView } from '../features/desktop/ShowInFolderButton';
import { windowTitle } from '../features/presence/presence-words';
import { isStageable } from '../features/presence/stage-logic';
import { isMoving } from '../../../shared/jobs';
import { idleChunk } from '../ui/idle-chunk';
import { useRestingSave } from '../ui/use-resting-save';
import { isLocalModel } from '../../../shared/ipc/local-model';
import { versionName } from '../features/library/version-label';
import type { KilnState } from '../store/app-store';
import { useKiln } from '../store/StoreProvider';
import type { ViewerShowing } from '../viewer';
import type { ViewerOutlets } from '../viewer/outlets';

/**
 * The viewer chunk (three.js, R3F, drei: most of the app's code) is fetched from the start
 * (`index.html` preloads it, see vite.config.ts) and evaluated as soon as this module is, in
 * parallel with the store's first requests and React's first render, instead of when React
 * first renders the lazy component.
 */
const viewerChunk = import('../viewer');
const ModelViewer = lazy(() => viewerChunk.then((m) => ({ default: m.ModelViewer })));

/**
 * The job on the viewer's stage, in a chunk of its own (fetched once the viewer is quiet): the
 * first screen does not need it, and it is mounted only while there is a job to show.
 */
const JobStage = idleChunk<Record<string, never>>(
  () => import('../features/presence/JobStage').then(({ JobStage: stage }) => ({ default: stage })),
  null,
);

/**
 * The open model's file actions (drag out, show in folder): chunks of their own, fetched at
 * idle, since they show only once a model is open (bench B7).
 */
const DragOut = idleChunk<DragOutProps>(
  () => import('../features/desktop/DragOut').then((m) => ({ default: m.DragOut })),
  null,
);
const ShowInFolderButton = idleChunk<ComponentProps<typeof ShowInFolderButtonView>>(
  () =>
    import('../features/desktop/ShowInFolderButton').then((m) => ({
      default: m.ShowInFolderButton,
    })),
  null,
);

/** " · 12,345 triangles": ICU's `#` is the count the region's way. */
function Triangles({ count }: { readonly count: number }) {
  return (
    <span className="muted">
      {' · '}
      <Plural value={count} one="# triangle" other="# triangles" />
    </span>
  );
}

/** The caption's words: the two models compared, a local file, the app's model, or none. */
function Caption({
  showing,
  model,
  opening,
}: {
  showing: ViewerShowing | undefined;
  /** The app's model, when it is the one on screen. */
  model: KilnState['model'] | undefined;
  opening: KilnState['openingModelId'];
}) {
  const shownA = showing?.a;
  const shownB = showing?.b;
  if (shownA && shownB) {
    return (
      <>
        <strong className="viewer-caption-name" data-testid="model-name" title={shownA.name}>
          {shownA.name}
        </strong>
        <span className="muted">
          {' '}
          <Trans>compared with</Trans>{' '}
        </span>
        <strong className="viewer-caption-name" data-testid="compare-name" title={shownB.name}>
          {shownB.name}
        </strong>
      </>
    );
  } else if (shownA?.local) {
    return (
      <>
        <strong className="viewer-caption-name" data-testid="model-name" title={shownA.name}>
          {shownA.name}
        </strong>
        <span className="viewer-caption-tag">
          <Trans>Local file</Trans>
        </span>
        {shownA.triangles !== undefined ? <Triangles count={shownA.triangles} /> : null}
      </>
    );
  } else if (model) {
    return (
      <>
        <strong className="viewer-caption-name" data-testid="model-name" title={model.name}>
          {model.name}
        </strong>
        {model.polyCount !== undefined ? <Triangles count={model.polyCount} /> : null}
        <DragOut fileRef={{ modelId: model.modelId }} />
        <ShowInFolderButton key={model.modelId} fileRef={{ modelId: model.modelId }} />
      </>
    );
  } else {
    return (
      <span className="muted">
        {opening ? <Trans>Fetching the model…</Trans> : <Trans>No model open</Trans>}
      </span>
    );
  }
}

/** The viewer area. */
export function ViewerPanel() {
  const model = useKiln((s) => s.model);
  const stageInUse = useKiln(
    (s) => s.stagedJobId !== undefined || s.jobs.some((j) => isStageable(j) && isMoving(j.state)),
  );
  const opening = useKiln((s) => s.openingModelId);
  const openError = useKiln((s) => s.openError);
  const { t } = useLingui();
  const compareModel = useKiln((s) => s.compareModel);
  const compareLabels = useKiln((s) => s.compareLabels);
  const closeCompare = useKiln((s) => s.closeCompare);
  const units = useKiln((s) => s.settings?.units);
  const setModelStats = useKiln((s) => s.setModelStats);
  const setViewerState = useKiln((s) => s.setViewerState);
  const takePhotos = useKiln((s) => s.takePhotos);
  const look = useKiln((s) => s.settings?.viewerLook);
  const updateSettings = useKiln((s) => s.updateSettings);
  // The viewer hands over its look at every change; it is saved once the changes rest.
  const rememberLook = useRestingSave<Record<string, string | number | boolean>>(
    (viewerLook) => void updateSettings({ viewerLook }).catch(() => undefined),
  );
  const rememberModel = useKiln((s) => s.rememberModel);
  // A library model reopens at the next start; a saved file shown for a look, or a file opened
  // from the desktop (a local model), does not: the user opened that file, not a library model.
  const libraryModelId =
    model && model.savedPath === undefined && !isLocalModel(model.modelId)
      ? model.modelId
      : undefined;
  useEffect(() => {
    if (libraryModelId) rememberModel(libraryModelId);
  }, [libraryModelId, rememberModel]);
  const outlets = useViewerOutlets();
  // What the viewer says is on screen (undefined until it has mounted: the app's model).
  const [showing, setShowing] = useState<ViewerShowing>();
  // How a job's result opens (rig clips playing, parts listed), once that result is on screen.
  const intent = useKiln((s) => {
    const i = s.viewIntent;
    const job = i && s.jobs.find((j) => j.id === i.jobId);
    return i && job?.state === 'done' && job.modelId === s.model?.modelId ? i : undefined;
  });
  const shownA = showing?.a;
  const shownB = showing?.b;
  const appModelShown = model && !shownA?.local;
  const libPages = useKiln((s) => s.libPages);
  const libFamily = useKiln((s) => s.libFamily);
  const modelId = model?.modelId;
  const version = useMemo(
    () => (modelId ? versionOf(modelId, libPages, libFamily) : undefined),
    [modelId, libPages, libFamily],
  );

  // The window's title names what is on screen, as the caption does.
  const nameA = shownA?.name;
  const nameB = shownB?.name;
  const open =
    shownA && shownB
      ? t`${nameA} compared with ${nameB}`
      : shownA?.local
        ? shownA.name
        : appModelShown
          ? (version ?? model.name)
          : undefined;
  useEffect(() => {
    document.title = windowTitle(open);
  }, [open]);

  return (
    <section className="panel viewer-panel" aria-label={t`Viewer`}>
      <div className="viewer-caption" data-testid="viewer-caption">
        <span className={`viewer-caption-what${shownB ? ' viewer-caption-what--two' : ''}`}>
          <Caption showing={showing} model={appModelShown ? model : undefined} opening={opening} />
        </span>
        {openError ? (
          <span className="error-text" role="alert">
            {' '}
            {openError}
          </span>
        ) : null}
      </div>
      <div className="viewer-body">
        <Suspense
          fallback={
            <div className="viewer-placeholder">
              <Trans>Loading the viewer…</Trans>
            </div>
          }
        >
          <ModelViewer
            url={model?.fileUrl}
            name={compareModel && compareLabels ? compareLabels.a : model?.name}
            {...(compareModel ? { compareUrl: compareModel.fileUrl } : {})}
            {...(compareLabels ? { compareName: compareLabels.b } : {})}
            onStopCompare={closeCompare}
            onShowing={setShowing}
            {...(intent?.play ? { autoPlay: true } : {})}
            {...(intent?.panel ? { openPanel: intent.panel } : {})}
            {...(units ? { unit: units } : {})}
            onStateChange={setViewerState}
            onPhotos={(files) => void takePhotos(files)}
            {...(look ? { look } : {})}
            onLook={rememberLook}
            outlets={outlets}
            onStats={(stats) =>
              model &&
              setModelStats({
                modelId: model.modelId,
                triangles: stats.triangles,
                size: stats.size,
              })
            }
          />
        </Suspense>
        {stageInUse ? <JobStage /> : null}
      </div>
    </section>
  );
}

/**
 * "coffee · v2 Retexture" for a model the library has listed with its version, else undefined
 * (the model's own name is used).
 */
function versionOf(
  modelId: string,
  pages: KilnState['libPages'],
  family: KilnState['libFamily'],
): string | undefined {
  const versions = family && 'versions' in family ? family.versions : [];
  let item = versions.find((v) => v.modelId === modelId);
  for (const page of Object.values(pages)) item ??= page.find((v) => v.modelId === modelId);
  return item?.version !== undefined ? versionName(item) : undefined;
}

/** The app's services the viewer's tools use: the store's, and the features' result actions. */
function useViewerOutlets(): ViewerOutlets {
  const openRecording = useKiln((s) => s.openRecording);
  const exportDir = useKiln((s) => s.settings?.exportDir);
  const canChoose = useKiln((s) => s.info?.canChooseFolder === true);
  const chooseFolder = useKiln((s) => s.chooseFolder);
  const printLengthMm = useKiln((s) => s.printLengthMm);
  const tools = useKiln((s) => s.settings?.viewerTools);
  const rememberTool = useRememberTool(tools);
  return useMemo(
    () => ({
      ...(tools ? { tools } : {}),
      rememberTool,
      openRecording,
      exportDir,
      chooseFolder: canChoose ? chooseFolder : undefined,
      printLengthMm,
      recordingActions: (recordingId) => (
        <>
          <DragOut fileRef={{ recordingId }} />
          <ShowInFolderButton key={recordingId} fileRef={{ recordingId }} />
        </>
      ),
    }),
    [openRecording, exportDir, canChoose, chooseFolder, printLengthMm, tools, rememberTool],
  );
}

/** Remembers the tool panels' choices (Kiln's `viewerTools` setting), merged once they rest. */
function useRememberTool(
  tools: Readonly<Record<string, unknown>> | undefined,
): (key: string, value: string | number | boolean) => void {
  const updateSettings = useKiln((s) => s.updateSettings);
  const save = useRestingSave<Record<string, string | number | boolean>>((changed) => {
    const viewerTools = { ...(tools as object), ...changed };
    void updateSettings({ viewerTools }).catch(() => undefined);
  });
  return useCallback((key, value) => save({ [key]: value }), [save]);
}
