import { useEffect, useMemo, useState, type JSX } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
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
import { issueText, precise, stageText } from './health-text';
import type { HealthStage } from './health-types';
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

/**
 * Printers people own, build volume in mm (x × y on the plate, z up); `productName` is the
 * maker's (the same in every language), null for the custom volume.
 */
const PRINTERS: ReadonlyArray<{
  id: string;
  productName: string | null;
  resin?: boolean;
  volume: BuildVolume;
}> = [
  { id: 'mk4', productName: 'Prusa MK4', volume: { x: 250, y: 210, z: 220 } },
  { id: 'bambu', productName: 'Bambu Lab X1 / P1', volume: { x: 256, y: 256, z: 256 } },
  { id: 'ender3', productName: 'Creality Ender-3', volume: { x: 220, y: 220, z: 250 } },
  { id: 'mars', productName: 'Elegoo Mars 4', resin: true, volume: { x: 153, y: 77, z: 175 } },
  { id: 'custom', productName: null, volume: { x: 200, y: 200, z: 200 } },
];
/** Minimum wall per process: what FDM nozzles and resin printers reliably make. */
const PROCESSES = { fdm: 0.8, resin: 0.4 } as const;

const n = (v: number) => formatNumber(v);

/** The printers as the drop-down lists them ("Prusa MK4 — 250 × 210 × 220", "Custom…"). */
function usePrinterOptions(): { id: string; label: string }[] {
  const { t } = useLingui();
  return PRINTERS.map(({ id, productName, resin, volume: { x, y, z } }) => {
    if (productName === null) return { id, label: t`Custom…` };
    const name = resin ? t`${productName} (resin)` : productName;
    const size = x === y && y === z ? `${n(x)}³` : [x, y, z].map(n).join(' × ');
    return { id, label: `${name} — ${size}` };
  });
}

/** A share in per cent, one decimal; "< 0.1 %" for a trace ("12.5 %"). */
function usePercent(): (share: number) => string {
  const { t } = useLingui();
  return (share) => {
    if (share > 0 && share < 0.001) {
      const least = formatNumber(0.1, 1);
      return t`< ${least} %`;
    }
    const value = formatNumber(share * 100, 1);
    return t`${value} %`;
  };
}

/** A check's progress bar with its stage and elapsed time (shown only while it runs). */
export function CheckProgress({ state }: { state: CheckState<unknown> }): JSX.Element | null {
  if (state.phase !== 'running') return null;
  return <Running key={state.started} stage={state.progress.stage} done={state.progress.done} />;
}

function Running({ stage, done }: { stage: HealthStage; done: number }): JSX.Element {
  const elapsed = useElapsedSeconds();
  const name = stageText(stage);
  return (
    <div className="kiln-health__progress" role="status" data-testid="health-progress">
      <ProgressBar label={name} percent={done * 100} />
      <span>
        <Trans>
          {name}… {elapsed} s
        </Trans>
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
  const { t } = useLingui();
  if (!props.issues.length) return null;
  return (
    <ul className="kiln-health__issues" aria-label={t`Issues: choose one to see it`}>
      {props.issues.map((issue) => (
        <li key={issue.id}>
          <button
            type="button"
            data-testid="health-issue"
            data-issue-kind={issue.kind}
            aria-pressed={props.selected === issue.id}
            onClick={() => props.onSelect(props.selected === issue.id ? null : issue)}
          >
            {issueText(issue)}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Facts({ report }: { report: HealthReport }): JSX.Element {
  const { t } = useLingui();
  const pct = usePercent();
  const welded = n(report.weldedVertices);
  const before = n(report.vertices);
  const tolerance = precise(report.weldTolerance * 1000, 2);
  const holes = n(report.holes);
  const openEdges = n(report.boundaryEdges);
  const volume = report.volume === null ? null : precise(report.volume * 1e6, 4);
  const uvSets = n(report.uvSets);
  const withoutUvs = report.meshesWithoutUvs;
  const density = report.texelDensity === null ? null : n(Math.round(report.texelDensity));
  const rows: Array<[string, string, string]> = [
    ['triangles', t`Triangles`, n(report.triangles)],
    [
      'vertices',
      t`Vertices (welded)`,
      t`${welded} (${before} before welding within ${tolerance} mm)`,
    ],
    ['parts', t`Connected parts`, n(report.parts)],
    ['holes', t`Holes (open edges)`, t`${holes} (${openEdges})`],
    ['non-manifold-edges', t`Non-manifold edges`, n(report.nonManifoldEdges)],
    ['non-manifold-vertices', t`Non-manifold vertices`, n(report.nonManifoldVertices)],
    ['degenerate', t`Degenerate triangles`, n(report.degenerateTriangles)],
    ['duplicate', t`Duplicate triangles`, n(report.duplicateTriangles)],
    ['flipped', t`Flipped triangles`, n(report.flippedTriangles)],
    ['inside-out', t`Inside-out parts`, n(report.insideOutParts)],
    ['watertight', t`Watertight`, watertightText(report)],
    ['size', t`Size (m)`, report.size.map((v) => precise(v, 3)).join(' × ')],
    ['volume', t`Volume`, volume === null ? t`— (not closed)` : t`${volume} cm³`],
    [
      'uv-sets',
      t`UV sets`,
      withoutUvs
        ? t`${uvSets} (${plural(withoutUvs, { one: '# mesh without', other: '# meshes without' })})`
        : uvSets,
    ],
    ['uv-outside', t`UVs outside 0–1`, pct(report.uvOutside)],
    [
      'textures',
      t`Textures`,
      report.textures.length
        ? report.textures.map((tx) => `${tx.width}×${tx.height}`).join(', ')
        : t`None`,
    ],
    ['texel-density', t`Texel density`, density === null ? '—' : t`${density} px/m`],
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

/** Where the minimum wall is remembered. */
const minWallKey = 'health.minWall';

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
  const [minWall, setMinWall] = useRemembered<string>(minWallKey, String(PROCESSES.fdm));
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
  const { t } = useLingui();
  return (
    <div className="kiln-viewer__row">
      <label className="kiln-viewer__field">
        <span>
          <Trans>Longest side (mm)</Trans>
        </span>
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
        <span>
          <Trans>Process</Trans>
        </span>
        <select
          data-testid="health-process"
          value={form.process}
          onChange={(e) => {
            const next = e.currentTarget.value as keyof typeof PROCESSES;
            form.setProcess(next);
            form.setMinWall(String(PROCESSES[next]));
          }}
        >
          <option value="fdm">{t`FDM (filament)`}</option>
          <option value="resin">{t`Resin`}</option>
        </select>
      </label>
      <label className="kiln-viewer__field">
        <span>
          <Trans>Min. wall (mm)</Trans>
        </span>
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

/** The printer (its build volume), or a custom volume. */
function PrinterField({ form }: { form: PrintForm }) {
  const { t } = useLingui();
  const printers = usePrinterOptions();
  return (
    <>
      <label className="kiln-viewer__field">
        <span>
          <Trans>Printer</Trans>
        </span>
        <ChoiceSelect
          testId="health-printer"
          value={form.printer}
          options={printers}
          onChange={form.setPrinter}
        />
      </label>
      {form.printer === 'custom' ? (
        <SizeFields
          value={form.custom}
          labels={{ x: t`Width (mm)`, y: t`Depth (mm)`, z: t`Height (mm)` }}
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
  const { t } = useLingui();
  // What the model can show.
  const overlays = [
    ['thickness', t`Thin walls`],
    ['overhang', t`Overhangs`],
    ['none', t`Nothing`],
  ] as const;
  return (
    <fieldset className="kiln-health__overlay">
      <legend>
        <Trans>Show on the model</Trans>
      </legend>
      <RadioChoices
        name="kiln-health-overlay"
        testIdPrefix="health-overlay-"
        value={form.overlay}
        options={overlays}
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
  const { t } = useLingui();
  const pct = usePercent();
  const size = printResult.sizeMm.map((v) => formatNumber(v, 1)).join(' × ');
  const minWall = formatNumber(printResult.options.minWallMm, 2);
  const nearWall = formatNumber(printResult.options.minWallMm * 2, 2);
  const thin = pct(printResult.thinFraction);
  const overhang = pct(printResult.overhangFraction);
  const angle = formatNumber(45);
  const solid = printResult.volumeCm3 === null ? null : precise(printResult.volumeCm3, 3);
  const shell = printResult.shellVolumeCm3 === null ? null : precise(printResult.shellVolumeCm3, 3);
  return (
    <>
      <dl className="kiln-health__facts" data-testid="health-print-facts">
        <div>
          <dt>
            <Trans>Printed size</Trans>
          </dt>
          <dd data-testid="health-print-size">
            <Trans>{size} mm</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Fits the printer</Trans>
          </dt>
          <dd data-testid="health-print-fits">{printResult.fits ? t`Yes` : t`No`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Thinner than {minWall} mm</Trans>
          </dt>
          <dd data-testid="health-print-thin">
            <Trans>{thin} of the surface</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Overhangs beyond {angle}°</Trans>
          </dt>
          <dd data-testid="health-print-overhang">{overhang}</dd>
        </div>
        {solid !== null ? (
          <div>
            <dt>
              <Trans>Material</Trans>
            </dt>
            <dd data-testid="health-print-volume">
              {shell !== null ? t`${shell} cm³ hollow (solid ${solid} cm³)` : t`${solid} cm³`}
            </dd>
          </div>
        ) : null}
      </dl>
      {overlay === 'thickness' ? (
        <p className="kiln-health__legend" aria-hidden="true">
          <span className="kiln-health__swatch kiln-health__swatch--thin" />{' '}
          <Trans>under {minWall} mm</Trans>
          <span className="kiln-health__swatch kiln-health__swatch--near" />{' '}
          <Trans>up to {nearWall} mm</Trans>
        </p>
      ) : null}
    </>
  );
}

/** The health check's failure, with what to do. */
function CheckFailed({ message }: { message: string }): JSX.Element {
  return (
    <p className="kiln-viewer__note kiln-viewer__note--error" role="alert">
      <Trans>The check failed: {message}. Check again, or reopen the model.</Trans>
    </p>
  );
}

/** What is wrong with the typed length and minimum wall, in words (null when nothing). */
function useFormErrors(lengthMm: number, minWallMm: number) {
  const { t } = useLingui();
  const shortest = n(LIMITS.lengthMm.min);
  const longest = n(LIMITS.lengthMm.max);
  const lengthError =
    !Number.isFinite(lengthMm) || lengthMm < LIMITS.lengthMm.min || lengthMm > LIMITS.lengthMm.max
      ? t`Type a length from ${shortest} to ${longest} mm (what the print service makes).`
      : null;
  const thinnestWall = formatNumber(0.1, 1);
  const thickestWall = n(5);
  const wallError =
    !Number.isFinite(minWallMm) || minWallMm < 0.1 || minWallMm > 5
      ? t`Type a minimum wall from ${thinnestWall} to ${thickestWall} mm.`
      : null;
  return { lengthError, wallError };
}

/**
 * The Health panel: is the open model sound (parts, holes, non-manifold edges and vertices,
 * degenerate, duplicate and flipped triangles, UVs and textures), is it ready for print and for
 * engines, and is it printable at a chosen size (thin walls as a heat map, overhangs, build
 * volume, hollow shell). Every issue can be clicked: the viewer frames it and highlights it.
 */
export function HealthPanel({ stage, modelKey, textures }: HealthPanelProps): JSX.Element {
  const { t } = useLingui();
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
  const { lengthError, wallError } = useFormErrors(lengthMm, minWallMm);
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
  const shellMm = formatNumber(LIMITS.hollowShellMm, 2);
  const printError = print.phase === 'error' ? print.message : '';
  const verdicts = report ? [printVerdict(report, printResult), engineVerdict(report)] : [];

  return (
    <div
      className="kiln-viewer__form kiln-health"
      data-testid="health-panel"
      data-health-state={health.phase}
      data-print-state={print.phase}
    >
      {!modelKey ? (
        <p className="kiln-viewer__note">
          <Trans>Open a model to check it.</Trans>
        </p>
      ) : null}
      <CheckProgress state={health} />
      {health.phase === 'error' ? <CheckFailed message={health.message} /> : null}
      {report ? (
        <>
          {verdicts.map((v) => (
            <VerdictCard key={v.purpose} verdict={v} />
          ))}
          <Issues issues={report.issues} selected={selected} onSelect={select} />
          <details className="kiln-health__details">
            <summary>
              <Trans>Mesh facts</Trans>
            </summary>
            <Facts report={report} />
          </details>
        </>
      ) : null}
      {report ? (
        <section className="kiln-health__print" aria-label={t`Printability`}>
          <h3>
            <Trans>Printability</Trans>
          </h3>
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
            <span>
              <Trans>Hollow (the service’s {shellMm} mm shell)</Trans>
            </span>
          </label>
          <OverlayChoice form={form} showHeatMap={showHeatMap} />
          <CheckProgress state={print} />
          {print.phase === 'error' ? (
            <p className="kiln-viewer__note kiln-viewer__note--error" role="alert">
              <Trans>The printability check failed: {printError}.</Trans>
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
        {health.phase === 'running' ? t`Checking…` : t`Check again`}
      </button>
    </div>
  );
}
