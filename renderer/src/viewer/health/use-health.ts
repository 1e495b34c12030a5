/**
 * The health panel's state: runs the check in the worker for the open model, then printability
 * at the asked size, and keeps the overlays (heat map, issue in focus) on the model in step.
 * The last report survives closing the panel (per model), the overlays do not.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ViewerStage } from '../viewer-types';
import { extractModel } from './extract-model';
import { HealthClient, Superseded, type HealthProgress } from './health-client';
import type {
  HealthIssue,
  HealthReport,
  HealthTexture,
  PrintOptions,
  PrintReport,
} from './health-types';
import { frameIssue, ModelOverlay } from './model-overlay';
import { BASE_COLOUR_SLOT } from '../inspect/model-inspection';

/** Where a check stands. */
export type CheckState<T> =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly progress: HealthProgress; readonly started: number }
  | { readonly phase: 'ready'; readonly result: T }
  | { readonly phase: 'error'; readonly message: string };

const IDLE = { phase: 'idle' } as const;
/** The last report, so reopening the panel on the same model shows it at once. */
let remembered: { key: string; report: HealthReport } | null = null;

/** The check of `modelKey` as last seen: its remembered report, or nothing yet. */
function rememberedFor(modelKey: string | undefined): CheckState<HealthReport> {
  return remembered && remembered.key === modelKey
    ? { phase: 'ready', result: remembered.report }
    : IDLE;
}

/**
 * The largest base-colour texture (or the largest of any): it stands for meshes whose material
 * on screen is a shading mode's.
 */
function baseColourOf(textures: readonly HealthTexture[]): HealthTexture | null {
  const base = textures.filter((t) => t.slots?.includes(BASE_COLOUR_SLOT));
  return (base.length ? base : textures).reduce<HealthTexture | null>(
    (best, t) => (!best || t.width * t.height > best.width * best.height ? t : best),
    null,
  );
}

/** Hook of {@link HealthPanel}. */
export function useHealth(
  stage: () => ViewerStage | null,
  modelKey: string | undefined,
  textures: readonly HealthTexture[],
) {
  const client = useRef<HealthClient | null>(null);
  const overlay = useRef<{ key: string; overlay: ModelOverlay; stage: ViewerStage } | null>(null);
  const [health, setHealth] = useState(() => rememberedFor(modelKey));
  const [print, setPrint] = useState<CheckState<PrintReport>>(IDLE);
  const [selected, setSelected] = useState<string | null>(null);
  const keyRef = useRef(modelKey);
  keyRef.current = modelKey;

  const overlayFor = useCallback((): { overlay: ModelOverlay; stage: ViewerStage } | null => {
    const s = stage();
    if (!s?.model || !modelKey) return null;
    if (overlay.current?.key !== modelKey) {
      overlay.current?.overlay.dispose();
      overlay.current = { key: modelKey, overlay: new ModelOverlay(s.model), stage: s };
    }
    return overlay.current;
  }, [stage, modelKey]);

  // A new model: start over; the panel going: everything it drew goes too.
  useEffect(() => {
    setPrint(IDLE);
    setSelected(null);
    setHealth(rememberedFor(modelKey));
    return () => {
      const current = overlay.current;
      current?.overlay.dispose();
      current?.stage.invalidate();
      overlay.current = null;
    };
  }, [modelKey]);
  useEffect(
    () => () => {
      client.current?.dispose();
      client.current = null;
    },
    [],
  );

  const worker = () => (client.current ??= new HealthClient());

  const run = useCallback(async () => {
    const s = stage();
    const key = modelKey;
    if (!s?.model || !key) return;
    const started = performance.now();
    setHealth({ phase: 'running', progress: { stage: 'copying', done: 0 }, started });
    setPrint(IDLE);
    overlayFor()?.overlay.warm(s.gl, s.camera, s.scene);
    try {
      const input = await extractModel(s.model, textures, baseColourOf(textures));
      const report = await worker().analyse(input, (progress) => {
        if (keyRef.current === key) setHealth({ phase: 'running', progress, started });
      });
      if (keyRef.current !== key) return;
      remembered = { key, report };
      setHealth({ phase: 'ready', result: report });
    } catch (error) {
      if (error instanceof Superseded || keyRef.current !== key) return;
      setHealth({ phase: 'error', message: (error as Error).message });
    }
  }, [stage, modelKey, textures, overlayFor]);

  // A report the worker does not hold (the remembered one after the panel was reopened) needs a
  // fresh analysis before printability can run.
  const workerHas = useRef<string | null>(null);
  useEffect(() => {
    if (health.phase === 'ready' && client.current) workerHas.current = modelKey ?? null;
  }, [health, modelKey]);

  const checkPrint = useCallback(
    async (options: PrintOptions, heatMap: boolean) => {
      const key = modelKey;
      if (!key || health.phase !== 'ready') return;
      const started = performance.now();
      setPrint({ phase: 'running', progress: { stage: 'measuring', done: 0 }, started });
      try {
        if (workerHas.current !== key) {
          const s = stage();
          if (!s?.model) return;
          await worker().analyse(await extractModel(s.model, textures, null));
          workerHas.current = key;
        }
        const report = await worker().print(options, (progress) => {
          if (keyRef.current === key) setPrint({ phase: 'running', progress, started });
        });
        if (keyRef.current !== key) return;
        setPrint({ phase: 'ready', result: report });
        const o = overlayFor();
        o?.overlay.heatMap(heatMap ? report.overlay : null);
        o?.stage.invalidate();
      } catch (error) {
        if (error instanceof Superseded || keyRef.current !== key) return;
        setPrint({ phase: 'error', message: (error as Error).message });
      }
    },
    [modelKey, health.phase, stage, textures, overlayFor],
  );

  const showHeatMap = useCallback(
    (on: boolean) => {
      const o = overlayFor();
      if (!o) return;
      o.overlay.heatMap(on && print.phase === 'ready' ? print.result.overlay : null);
      o.stage.invalidate();
    },
    [overlayFor, print],
  );

  const select = useCallback(
    (issue: HealthIssue | null) => {
      const o = overlayFor();
      if (!o) return;
      setSelected(issue?.id ?? null);
      o.overlay.highlight(issue);
      if (issue) frameIssue(o.stage, issue);
      o.stage.invalidate();
    },
    [overlayFor],
  );

  return { health, print, selected, run, checkPrint, showHeatMap, select };
}
