/**
 * The batch form: one tool on many library models. The tool's fields and their checks are the
 * single tools' own (`ops/op-forms.ts`, the export fields), the results folder the Tools
 * column's. Before anything is sent it shows one price (paid builds by the live price list, free
 * ones, the balance after), the models the tool cannot take with why, asks above the
 * spend-confirmation threshold, and when the balance covers only part offers to run those.
 */
import type { Words } from '../../../../shared/words';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { MAKER_KINDS, PRINT_FORMATS, RIG_KINDS } from '../../../../shared/api/rules';
import type {
  BatchQuoteView,
  ModelSelection,
  OpKind,
  ToolOp,
} from '../../../../shared/ipc/contract';
import { formatUsd } from '../../../../shared/money';
import { formatNumber } from '../../../../shared/format';
import { LISTED_TOOLS } from '../../../../shared/tools';
import { useKiln } from '../../store/StoreProvider';
import { ExportFields } from '../ops/ExportFields';
import { Choice, Field, type ChoiceOption } from '../ops/Field';
import { FolderField, useResultsFolder } from '../ops/FolderField';
import { GAME_DEFAULTS, GameFields } from '../ops/GameFields';
import { makerChoices } from '../ops/MakerTool';
import {
  EXPORT_DEFAULTS,
  buildExport,
  buildPrint,
  buildRetopo,
  buildGame,
  buildMaker,
  buildRig,
  type Built,
  type GameForm,
  type ExportForm,
  type PrintForm,
  type RetopoForm,
} from '../ops/op-forms';
import './batch.css';

type Tool = OpKind;

/** The tools a batch can run: the Tools column's, by their labels (shared/tools.ts). */
const toolChoices = (say: (words: Words) => string): ReadonlyArray<ChoiceOption<Tool>> =>
  LISTED_TOOLS.map((t) => [t.kind, say(t.label)] as const);

interface Forms {
  readonly export: ExportForm;
  readonly print: PrintForm;
  readonly retopo: RetopoForm;
  readonly rig: (typeof RIG_KINDS)[number];
  readonly game: GameForm;
  readonly maker: string;
}

const DEFAULTS: Forms = {
  export: EXPORT_DEFAULTS,
  print: { lengthMm: '100', format: 'stl', hollow: false, colors: 1, palette: '' },
  retopo: { faces: '5000', texture: '', symmetry: false, interior: 'keep', format: 'glb' },
  rig: 'humanoid',
  game: GAME_DEFAULTS,
  maker: MAKER_KINDS[0],
};

function build(tool: Tool, forms: Forms): Built {
  switch (tool) {
    case 'export':
      return buildExport(forms.export);
    case 'print':
      return buildPrint(forms.print);
    case 'retopo':
      return buildRetopo(forms.retopo);
    case 'rig':
      return buildRig(forms.rig);
    case 'parts':
      return { op: { kind: 'parts' } };
    case 'gamepack':
      return buildGame(forms.game);
    case 'make':
      return buildMaker(forms.maker);
  }
}

function count(selection: ModelSelection): number {
  return selection.kind === 'ids'
    ? selection.ids.length
    : selection.total - selection.except.length;
}

/** A whole number typed in a field (checked by the tool's builder). */
function WholeField(props: {
  label: string;
  error: string | undefined;
  testId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} error={props.error}>
      <input
        type="text"
        inputMode="numeric"
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/** The fields of `tool` (the single tools' own). */
function ToolFields({
  tool,
  forms,
  setForms,
  built,
}: {
  tool: Tool;
  forms: Forms;
  setForms: (forms: Forms) => void;
  built: Built;
}) {
  const prices = useKiln((s) => s.prices?.items);
  const { t } = useLingui();
  const errors = 'errors' in built ? built.errors : {};
  const facesMin = formatNumber(500);
  const facesMax = formatNumber(100_000);
  return (
    <>
      {tool === 'export' ? (
        <ExportFields
          form={forms.export}
          onChange={(f) => setForms({ ...forms, export: f })}
          built={built}
        />
      ) : null}
      {tool === 'print' ? (
        <>
          <WholeField
            label={t`Longest side (mm)`}
            error={errors['lengthMm']}
            testId="batch-print-length"
            value={forms.print.lengthMm}
            onChange={(lengthMm) => setForms({ ...forms, print: { ...forms.print, lengthMm } })}
          />
          <Field label={t`Format`}>
            <Choice
              testId="batch-print-format"
              value={forms.print.format}
              options={PRINT_FORMATS.map((f) => [f, f.toUpperCase()] as const)}
              onChange={(format) => setForms({ ...forms, print: { ...forms.print, format } })}
            />
          </Field>
        </>
      ) : null}
      {tool === 'retopo' ? (
        <WholeField
          label={t`Target quads (${facesMin}–${facesMax})`}
          error={errors['faces']}
          testId="batch-retopo-faces"
          value={forms.retopo.faces}
          onChange={(faces) => setForms({ ...forms, retopo: { ...forms.retopo, faces } })}
        />
      ) : null}
      {tool === 'gamepack' ? (
        <GameFields
          form={forms.game}
          onChange={(game) => setForms({ ...forms, game })}
          errors={errors}
        />
      ) : null}
      {tool === 'make' ? (
        <Field label={t`Project`}>
          <Choice
            testId="batch-maker"
            value={forms.maker}
            options={makerChoices(prices ?? []).map((c) => [c.id, c.label] as const)}
            onChange={(maker) => setForms({ ...forms, maker })}
          />
        </Field>
      ) : null}
      {tool === 'rig' ? (
        <Field label={t`Skeleton`}>
          <Choice
            testId="batch-rig-kind"
            value={forms.rig}
            options={RIG_KINDS.map((k) => [k, k] as const)}
            onChange={(rig) => setForms({ ...forms, rig })}
          />
        </Field>
      ) : null}
    </>
  );
}

/**
 * One price for the batch, asked again (after a short pause) whenever the tool, its fields or the
 * folder change (`key`); a changed price must be confirmed again.
 */
function useBatchQuote(selection: ModelSelection, key: string | undefined) {
  const quoteBatch = useKiln((s) => s.quoteBatch);
  const [quote, setQuote] = useState<BatchQuoteView>();
  const [quoteError, setQuoteError] = useState<string>();
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    setQuote(undefined);
    setQuoteError(undefined);
    setConfirmed(false);
    if (!key) return;
    const [quotedOp, quotedFolder] = JSON.parse(key) as [ToolOp, string];
    let current = true;
    const timer = setTimeout(() => {
      quoteBatch({ selection, op: quotedOp, folder: quotedFolder }).then(
        (q) => current && setQuote(q),
        (e: unknown) => current && setQuoteError((e as Error).message),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, selection, quoteBatch]);
  return { quote, quoteError, confirmed, setConfirmed };
}

/** The quote: the price, what the balance covers, the models left out, the confirmation. */
function QuoteSummary({
  quote,
  quoteError,
  pricing,
  confirmed,
  setConfirmed,
}: {
  quote: BatchQuoteView | undefined;
  quoteError: string | undefined;
  /** The fields are good: a price is on its way. */
  pricing: boolean;
  confirmed: boolean;
  setConfirmed: (on: boolean) => void;
}) {
  const { t } = useLingui();
  // What the paid builds cost, or why no price is shown.
  const paidText =
    quote && quote.totalUsd !== undefined ? formatUsd(quote.totalUsd) : t`price not available`;
  const mustConfirm = quote?.needsConfirmation === true;
  const leftOutCount = quote?.leftOut.length ?? 0;
  return (
    <div className="batch-quote" data-testid="batch-quote" aria-live="polite">
      {quoteError ? (
        <p className="error-text" role="alert" data-testid="batch-quote-error">
          {quoteError}
        </p>
      ) : !quote ? (
        <p className="muted">{pricing ? t`Pricing…` : t`Fix the fields above to see the price.`}</p>
      ) : (
        <>
          <PriceLine quote={quote} paidText={paidText} />
          {quote.affordable !== undefined ? (
            <p className="error-text" data-testid="batch-partial">
              <AffordableLine quote={quote} affordable={quote.affordable} />
            </p>
          ) : null}
          {quote.leftOut.length > 0 ? (
            <details data-testid="batch-left-out" open={quote.leftOut.length <= 5}>
              <summary>
                <Plural value={leftOutCount} one="# model left out" other="# models left out" />
              </summary>
              <ul>
                {quote.leftOut.map((m) => (
                  <li key={m.modelId} data-testid="batch-left-out-item">
                    {m.name}: {m.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {mustConfirm ? (
            <label className="batch-confirm">
              <input
                type="checkbox"
                data-testid="batch-confirm"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />{' '}
              <Trans>Spend {paidText} on this batch (above your confirmation threshold)</Trans>
            </label>
          ) : null}
        </>
      )}
    </div>
  );
}

/** "12 models · 10 paid ($2.40) · 2 free · balance $10.00 → $7.60". */
function PriceLine({ quote, paidText }: { quote: BatchQuoteView; paidText: string }) {
  const { t } = useLingui();
  const models = formatNumber(quote.count);
  const paid = formatNumber(quote.paid);
  const free = formatNumber(quote.free);
  const { balanceUsd, balanceAfterUsd } = quote;
  if (balanceUsd === undefined || balanceAfterUsd === undefined) {
    return (
      <p data-testid="batch-price">{t`${models} models · ${paid} paid (${paidText}) · ${free} free`}</p>
    );
  }
  const before = formatUsd(balanceUsd);
  const after = formatUsd(balanceAfterUsd);
  return (
    <p data-testid="batch-price">
      {t`${models} models · ${paid} paid (${paidText}) · ${free} free · balance ${before} → ${after}`}
    </p>
  );
}

/** "The balance covers 3 of the 10 paid builds ($0.72)." */
function AffordableLine({ quote, affordable }: { quote: BatchQuoteView; affordable: number }) {
  const { t } = useLingui();
  const covered = formatNumber(affordable);
  const paid = formatNumber(quote.paid);
  const amount = formatUsd(quote.affordableUsd ?? '0');
  return <>{t`The balance covers ${covered} of the ${paid} paid builds (${amount}).`}</>;
}

/** The label of the button that runs what the balance covers (and the free builds). */
function RunAffordableLabel({ affordable, free }: { affordable: number; free: number }) {
  const { t } = useLingui();
  const covered = formatNumber(affordable);
  const freeCount = formatNumber(free);
  return (
    <>
      {free > 0
        ? t`Run the ${covered} the balance covers and the ${freeCount} free`
        : t`Run the ${covered} the balance covers`}
    </>
  );
}

/** The batch form on `selection` (the chunk `BatchDialog` fetches). */
export default function BatchForm({ selection }: { selection: ModelSelection }) {
  const closeBatch = useKiln((s) => s.closeBatch);
  const startBatch = useKiln((s) => s.startBatch);
  const showRight = useKiln((s) => s.showRight);
  const folder = useResultsFolder();
  const [tool, setTool] = useState<Tool>('export');
  const [forms, setForms] = useState<Forms>(DEFAULTS);
  const [startError, setStartError] = useState<string>();
  const [starting, setStarting] = useState(false);
  const { t, i18n } = useLingui();
  const id = useId();
  const selected = formatNumber(count(selection));
  const formRef = useRef<HTMLFormElement>(null);
  // A modal form: it takes the focus when it opens (so the library's keys, Escape among them,
  // stay out of it) and gives it back to what opened it when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    formRef.current?.querySelector<HTMLElement>('select, input, button')?.focus();
    return () => opener?.focus();
  }, []);
  const built = build(tool, forms);
  const op = 'op' in built ? built.op : undefined;
  const target = folder.folder;
  const key = op && target ? JSON.stringify([op, target]) : undefined;

  const { quote, quoteError, confirmed, setConfirmed } = useBatchQuote(selection, key);

  const start = async (onlyAffordable: boolean) => {
    if (!op || !target) return;
    setStarting(true);
    setStartError(undefined);
    try {
      await startBatch({ selection, op, folder: target, onlyAffordable });
      closeBatch();
      showRight('activity');
    } catch (e) {
      setStartError((e as Error).message);
    } finally {
      setStarting(false);
    }
  };

  const mustConfirm = quote?.needsConfirmation === true;
  const quoteCount = formatNumber(quote?.count ?? 0);
  return (
    <div className="batch-backdrop">
      <form
        className="batch-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        data-testid="batch-form"
        ref={formRef}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          closeBatch();
        }}
        onSubmit={(e) => {
          e.preventDefault();
          // Only once the price is shown (and confirmed where it must be), like the button.
          if (quote && !(mustConfirm && !confirmed)) void start(false);
        }}
        noValidate
      >
        <h2 id={`${id}-title`}>
          <Trans>Run a tool on {selected} models</Trans>
        </h2>
        <Field label={t`Tool`}>
          <Choice
            testId="batch-tool"
            value={tool}
            options={toolChoices((words) => i18n._(words))}
            onChange={(t) => setTool(t)}
          />
        </Field>
        <ToolFields tool={tool} forms={forms} setForms={setForms} built={built} />
        <FolderField folder={folder} />
        <p className="muted">
          <Trans>
            Each model’s result goes to its own folder inside it, with batch.csv listing every item.
          </Trans>
        </p>

        <QuoteSummary
          quote={quote}
          quoteError={quoteError}
          pricing={key !== undefined}
          confirmed={confirmed}
          setConfirmed={setConfirmed}
        />
        {startError ? (
          <p className="error-text" role="alert" data-testid="batch-start-error">
            {startError}
          </p>
        ) : null}
        <div className="account-actions">
          {quote?.affordable !== undefined && quote.affordable > 0 ? (
            <button
              type="button"
              className="primary"
              data-testid="batch-start-affordable"
              disabled={starting || (mustConfirm && !confirmed)}
              onClick={() => void start(true)}
            >
              <RunAffordableLabel affordable={quote.affordable} free={quote.free} />
            </button>
          ) : null}
          <button
            type="submit"
            className={quote?.affordable === undefined ? 'primary' : undefined}
            data-testid="batch-start"
            disabled={!quote || starting || (mustConfirm && !confirmed)}
          >
            {quote ? t`Run on ${quoteCount} models` : t`Run`}
          </button>
          <button type="button" data-testid="batch-close" onClick={closeBatch}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
