import { useEffect, useMemo, useState, type JSX } from 'react';
import { LIMITS } from '../../../../shared/api/rules';
import { useElapsedSeconds } from '../loading/use-elapsed-seconds';
import { useViewerOutlets } from '../outlets';
import { useRemembered } from '../use-remembered';
import type { ViewerStage } from '../viewer-types';
import { ChoiceSelect, RadioChoices } from '../panels/Choices';
import { SizeFields } from '../panels/SizeFields';
import type {
  BuildVolume,
  HealthIssue,
  HealthReport,
  HealthTexture,
  PrintReport,
} from './health-types';
import { useHealth, type CheckState } from './use-health';
import { engineVerdict, printVerdict, watertightText, type Verdict } from './verdicts';
import { ProgressBar } from '../../ui/ProgressBar';
import './health.css';

/** Props of {@link HealthPanel}. */
export interface HealthPanelProps {
  /** The canvas's insides (the open model), or null while there is none. */
  readonly stage: () => ViewerStage | null;
  /** Changes whenever another model is shown. */
  readonly modelKey: string | undefined;
  readonly textures: readonly HealthTexture[];
}

/** Printers people own, build volume in mm (x × y on the plate, z up). */
const PRINTERS: ReadonlyArray<{ id: string; label: string; volume: BuildVolume }> = [
  { id: 'mk4', label: 'Prusa MK4 — 250 × 210 × 220', volume: { x: 250, y: 210, z: 220 } },
  { id: 'bambu', label: 'Bambu Lab X1 / P1 — 256³', volume: { x: 256, y: 256, z: 256 } },
  { id: 'ender3', label: 'Creality Ender-3 — 220 × 220 × 250', volume: { x: 220, y: 220, z: 250 } },
  {
    id: 'mars',
    label: 'Elegoo Mars 4 (resin) — 153 × 77 × 175',
    volume: { x: 153, y: 77, z: 175 },
  },
  { id: 'custom', label: 'Custom…', volume: { x: 200, y: 200, z: 200 } },
];
/** Minimum wall per process: what FDM nozzles and resin printers reliably make. */
const PROCESSES = { fdm: 0.8, resin: 0.4 } as const;

const n = (v: number) => v.toLocaleString('en-US');
const pct = (v: number) => (v > 0 && v < 0.001 ? '< 0.1 %' : `${Math.round(v * 1000) / 10} %`);

/** A check's progress bar with its stage and elapsed time (shown only while it runs). */
export function CheckProgress({ state }: { state: CheckState<unknown> }): JSX.Element | null {
  if (state.phase !== 'running') return null;
  return <Running key={state.started} stage={state.progress.stage} done={state.progress.done} />;
}

function Running({ stage, done }: { stage: string; done: number }): JSX.Element {
  const elapsed = useElapsedSeconds();
  return (
    <div className="kiln-health__progress" role="status" data-testid="health-progress">
      <ProgressBar label={stage} percent={done * 100} />
      <span>
        {stage}… {elapsed} s
      </span>
    </div>
  );
}

function VerdictCard({ verdict }: { verdict: Verdict }): JSX.Element {
  return (
    <section
      className={`kiln-health__verdict kiln-health__verdict--${verdict.level}`}
      data-testid={`health-verdict-${verdict.purpose}`}
      data-level={verdict.level}
    >
      <h3>{verdict.title}</h3>
      <ul>
        {verdict.advice.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}

function Issues(props: {
  issues: readonly HealthIssue[];
  selected: string | null;
  onSelect: (issue: HealthIssue | null) => void;
}): JSX.Element | null {
  if (!props.issues.length) return null;
  return (
    <ul className="kiln-health__issues" aria-label="Issues: choose one to see it">
      {props.issues.map((issue) => (
        <li key={issue.id}>
          <button
            type="button"
            data-testid="health-issue"
            data-issue-kind={issue.kind}
            aria-pressed={props.selected === issue.id}
            onClick={() => props.onSelect(props.selected === issue.id ? null : issue)}
          >
            {issue.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Facts({ report }: { report: HealthReport }): JSX.Element {
  const size = report.size;
  const rows: Array<[string, string, string]> = [
    ['triangles', 'Triangles', n(report.triangles)],
    [
      'vertices',
      'Vertices (welded)',
      `${n(report.weldedVertices)} (${n(report.vertices)} before welding within ${(report.weldTolerance * 1000).toPrecision(2)} mm)`,
    ],
    ['parts', 'Connected parts', n(report.parts)],
    ['holes', 'Holes (open edges)', `${n(report.holes)} (${n(report.boundaryEdges)})`],
    ['non-manifold-edges', 'Non-manifold edges', n(report.nonManifoldEdges)],
    ['non-manifold-vertices', 'Non-manifold vertices', n(report.nonManifoldVertices)],
    ['degenerate', 'Degenerate triangles', n(report.degenerateTriangles)],
    ['duplicate', 'Duplicate triangles', n(report.duplicateTriangles)],
    ['flipped', 'Flipped triangles', n(report.flippedTriangles)],
    ['inside-out', 'Inside-out parts', n(report.insideOutParts)],
    ['watertight', 'Watertight', watertightText(report)],
    ['size', 'Size (m)', size.map((v) => v.toPrecision(3)).join(' × ')],
    [
      'volume',
      'Volume',
      report.volume === null ? '— (not closed)' : `${(report.volume * 1e6).toPrecision(4)} cm³`,
    ],
    [
      'uv-sets',
      'UV sets',
      report.meshesWithoutUvs
        ? `${report.uvSets} (${report.meshesWithoutUvs} meshes without)`
        : String(report.uvSets),
    ],
    ['uv-outside', 'UVs outside 0–1', pct(report.uvOutside)],
    [
      'textures',
      'Textures',
      report.textures.length
        ? report.textures.map((t) => `${t.width}×${t.height}`).join(', ')
        : 'None',
    ],
    [
      'texel-density',
      'Texel density',
      report.texelDensity === null ? '—' : `${n(Math.round(report.texelDensity))} px/m`,
    ],
  ];
  return (
    <dl className="kiln-health__facts">
      {rows.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`health-fact-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The printability form's values as the user sets them (the length follows the print tool's). */
function usePrintForm(printLengthMm: number | undefined) {
  const [length, setLength] = useState(String(printLengthMm ?? 100));
  // A new length in the print tool is the size to check.
  useEffect(() => {
    if (printLengthMm) setLength(String(printLengthMm));
  }, [printLengthMm]);
  const [process, setProcess] = useRemembered<keyof typeof PROCESSES>('health.process', 'fdm', [
    'fdm',
    'resin',
  ]);
  const [minWall, setMinWall] = useRemembered<string>('health.minWall', String(PROCESSES.fdm));
  const [printer, setPrinter] = useRemembered(
    'health.printer',
    PRINTERS[0]!.id,
    PRINTERS.map((p) => p.id),
  );
  const [custom, setCustom] = useState<BuildVolume>(PRINTERS.at(-1)!.volume);
  const [hollow, setHollow] = useRemembered<boolean>('health.hollow', false);
  const [overlay, setOverlay] = useRemembered<'thickness' | 'overhang' | 'none'>(
    'health.overlay',
    'thickness',
    ['thickness', 'overhang', 'none'],
  );
  return {
    length,
    setLength,
    process,
    setProcess,
    minWall,
    setMinWall,
    printer,
    setPrinter,
    custom,
    setCustom,
    hollow,
    setHollow,
    overlay,
    setOverlay,
  };
}
type PrintForm = ReturnType<typeof usePrintForm>;

/** The size to print at, the process and its minimum wall. */
function SizeAndWall({
  form,
  lengthError,
  wallError,
}: {
  form: PrintForm;
  lengthError: string | null;
  wallError: string | null;
}) {
  return (
    <div className="kiln-viewer__row">
      <label className="kiln-viewer__field">
        <span>Longest side (mm)</span>
        <input
          type="number"
          data-testid="health-length"
          min={LIMITS.lengthMm.min}
          max={LIMITS.lengthMm.max}
          value={form.length}
          aria-invalid={Boolean(lengthError)}
          onChange={(e) => form.setLength(e.currentTarget.value)}
        />
      </label>
      <label className="kiln-viewer__field">
        <span>Process</span>
        <select
          data-testid="health-process"
          value={form.process}
          onChange={(e) => {
            const next = e.currentTarget.value as keyof typeof PROCESSES;
            form.setProcess(next);
            form.setMinWall(String(PROCESSES[next]));
          }}
        >
          <option value="fdm">FDM (filament)</option>
          <option value="resin">Resin</option>
        </select>
      </label>
      <label className="kiln-viewer__field">
        <span>Min. wall (mm)</span>
        <input
          type="number"
          step={0.1}
          data-testid="health-min-wall"
          value={form.minWall}
          aria-invalid={Boolean(wallError)}
          onChange={(e) => form.setMinWall(e.currentTarget.value)}
        />
      </label>
    </div>
  );
}

/** What the model can show. */
const OVERLAYS = [
  ['thickness', 'Thin walls'],
  ['overhang', 'Overhangs'],
  ['none', 'Nothing'],
] as const;

/** The printer (its build volume), or a custom volume. */
function PrinterField({ form }: { form: PrintForm }) {
  return (
    <>
      <label className="kiln-viewer__field">
        <span>Printer</span>
        <ChoiceSelect
          testId="health-printer"
          value={form.printer}
          options={PRINTERS}
          onChange={form.setPrinter}
        />
      </label>
      {form.printer === 'custom' ? (
        <SizeFields
          value={form.custom}
          labels={{ x: 'Width (mm)', y: 'Depth (mm)', z: 'Height (mm)' }}
          min={1}
          testIdPrefix="health-volume-"
          onChange={form.setCustom}
        />
      ) : null}
    </>
  );
}

/** What the model shows: thin walls, overhangs, or nothing. */
function OverlayChoice({
  form,
  showHeatMap,
}: {
  form: PrintForm;
  showHeatMap: (on: boolean) => void;
}) {
  return (
    <fieldset className="kiln-health__overlay">
      <legend>Show on the model</legend>
      <RadioChoices
        name="kiln-health-overlay"
        testIdPrefix="health-overlay-"
        value={form.overlay}
        options={OVERLAYS}
        onChange={(id) => {
          form.setOverlay(id);
          if (id === 'none') showHeatMap(false);
        }}
      />
    </fieldset>
  );
}

/** The printability figures and the heat map's legend. */
function PrintFacts({ result: printResult, overlay }: { result: PrintReport; overlay: string }) {
  return (
    <>
      <dl className="kiln-health__facts" data-testid="health-print-facts">
        <div>
          <dt>Printed size</dt>
          <dd data-testid="health-print-size">
            {printResult.sizeMm.map((v) => Math.round(v * 10) / 10).join(' × ')} mm
          </dd>
        </div>
        <div>
          <dt>Fits the printer</dt>
          <dd data-testid="health-print-fits">{printResult.fits ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Thinner than {printResult.options.minWallMm} mm</dt>
          <dd data-testid="health-print-thin">{pct(printResult.thinFraction)} of the surface</dd>
        </div>
        <div>
          <dt>Overhangs beyond 45°</dt>
          <dd data-testid="health-print-overhang">{pct(printResult.overhangFraction)}</dd>
        </div>
        {printResult.volumeCm3 !== null ? (
          <div>
            <dt>Material</dt>
            <dd data-testid="health-print-volume">
              {printResult.shellVolumeCm3 !== null
                ? `${printResult.shellVolumeCm3.toPrecision(3)} cm³ hollow (solid ${printResult.volumeCm3.toPrecision(3)} cm³)`
                : `${printResult.volumeCm3.toPrecision(3)} cm³`}
            </dd>
          </div>
        ) : null}
      </dl>
      {overlay === 'thickness' ? (
        <p className="kiln-health__legend" aria-hidden="true">
          <span className="kiln-health__swatch kiln-health__swatch--thin" /> under{' '}
          {printResult.options.minWallMm} mm
          <span className="kiln-health__swatch kiln-health__swatch--near" /> up to{' '}
          {printResult.options.minWallMm * 2} mm
        </p>
      ) : null}
    </>
  );
}

/**
 * The Health panel: is the open model sound (parts, holes, non-manifold edges and vertices,
 * degenerate, duplicate and flipped triangles, UVs and textures), is it ready for print and for
 * engines, and is it printable at a chosen size (thin walls as a heat map, overhangs, build
 * volume, hollow shell). Every issue can be clicked: the viewer frames it and highlights it.
 */
export function HealthPanel({ stage, modelKey, textures }: HealthPanelProps): JSX.Element {
  const printLengthMm = useViewerOutlets()?.printLengthMm;
  const { health, print, selected, run, checkPrint, showHeatMap, select } = useHealth(
    stage,
    modelKey,
    textures,
  );
  const form = usePrintForm(printLengthMm);
  const { length, minWall, printer, custom, hollow, setHollow, overlay } = form;

  // Check at once when the panel opens on a model that was not checked yet.
  const ready = Boolean(modelKey);
  useEffect(() => {
    if (ready && health.phase === 'idle') void run();
  }, [ready, health.phase, run]);

  const lengthMm = Number(length);
  const minWallMm = Number(minWall);
  const lengthError =
    !Number.isFinite(lengthMm) || lengthMm < LIMITS.lengthMm.min || lengthMm > LIMITS.lengthMm.max
      ? `Type a length from ${LIMITS.lengthMm.min} to ${LIMITS.lengthMm.max} mm (what the print service makes).`
      : null;
  const wallError =
    !Number.isFinite(minWallMm) || minWallMm < 0.1 || minWallMm > 5
      ? 'Type a minimum wall from 0.1 to 5 mm.'
      : null;
  const volume = printer === 'custom' ? custom : PRINTERS.find((p) => p.id === printer)!.volume;
  const options = useMemo(
    () => ({
      lengthMm,
      minWallMm,
      hollow,
      buildVolume: volume,
      overhangDeg: 45,
      overlay: overlay === 'overhang' ? ('overhang' as const) : ('thickness' as const),
    }),
    [lengthMm, minWallMm, hollow, volume, overlay],
  );
  const report = health.phase === 'ready' ? health.result : null;
  // Printability follows the form (after a short pause while typing).
  useEffect(() => {
    if (!report || lengthError || wallError) return;
    const timer = setTimeout(() => void checkPrint(options, overlay !== 'none'), 250);
    return () => clearTimeout(timer);
  }, [report, options, overlay, lengthError, wallError, checkPrint]);

  const printResult = print.phase === 'ready' ? print.result : null;
  const verdicts = report ? [printVerdict(report, printResult), engineVerdict(report)] : [];

  return (
    <div
      className="kiln-viewer__form kiln-health"
      data-testid="health-panel"
      data-health-state={health.phase}
      data-print-state={print.phase}
    >
      {!modelKey ? <p className="kiln-viewer__note">Open a model to check it.</p> : null}
      <CheckProgress state={health} />
      {health.phase === 'error' ? (
        <p className="kiln-viewer__note kiln-viewer__note--error" role="alert">
          The check failed: {health.message}. Check again, or reopen the model.
        </p>
      ) : null}
      {report ? (
        <>
          {verdicts.map((v) => (
            <VerdictCard key={v.purpose} verdict={v} />
          ))}
          <Issues issues={report.issues} selected={selected} onSelect={select} />
          <details className="kiln-health__details">
            <summary>Mesh facts</summary>
            <Facts report={report} />
          </details>
        </>
      ) : null}
      {report ? (
        <section className="kiln-health__print" aria-label="Printability">
          <h3>Printability</h3>
          <SizeAndWall form={form} lengthError={lengthError} wallError={wallError} />
          {lengthError || wallError ? (
            <p className="kiln-viewer__note kiln-viewer__note--error" role="alert">
              {lengthError ?? wallError}
            </p>
          ) : null}
          <PrinterField form={form} />
          <label className="kiln-viewer__check">
            <input
              type="checkbox"
              data-testid="health-hollow"
              checked={hollow}
              onChange={(e) => setHollow(e.currentTarget.checked)}
            />
            <span>Hollow (the service’s {LIMITS.hollowShellMm} mm shell)</span>
          </label>
          <OverlayChoice form={form} showHeatMap={showHeatMap} />
          <CheckProgress state={print} />
          {print.phase === 'error' ? (
            <p className="kiln-viewer__note kiln-viewer__note--error" role="alert">
              The printability check failed: {print.message}.
            </p>
          ) : null}
          {printResult ? (
            <>
              <PrintFacts result={printResult} overlay={overlay} />
              <Issues issues={printResult.issues} selected={selected} onSelect={select} />
            </>
          ) : null}
        </section>
      ) : null}
      <button
        type="button"
        className="kiln-viewer__primary"
        data-testid="health-run"
        disabled={!modelKey || health.phase === 'running'}
        onClick={() => void run()}
      >
        {health.phase === 'running' ? 'Checking…' : 'Check again'}
      </button>
    </div>
  );
}
