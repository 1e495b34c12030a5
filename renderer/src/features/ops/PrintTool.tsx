/**
 * Print: the longest side in mm with a live preview of the printed size (from the model the
 * viewer measured), STL or 3MF, a hollow shell, colours and the palette editor.
 */
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import { useEffect, useState } from 'react';
import { LIMITS, PRINT_FORMATS } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { Check, Choice, Field, type ChoiceOption } from './Field';
import { buildPrint, formatPrintedSize, parseWhole, printedSize, type PrintForm } from './op-forms';
import { PaletteEditor } from './PaletteEditor';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

/** 1 … the most colours a print may have. */
const COLOR_COUNTS: ReadonlyArray<ChoiceOption<number>> = Array.from(
  { length: LIMITS.colors.max },
  (_, i) => [i + 1, String(i + 1)] as const,
);

/** The print panel. */
export function PrintTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<PrintForm>({
    lengthMm: '100',
    format: 'stl',
    hollow: false,
    colors: 1,
    palette: '',
  });
  const stats = useKiln((s) => (s.modelStats?.modelId === modelId ? s.modelStats : undefined));
  const built = buildPrint(form);
  const run = useToolRun('print', modelId, { kind: 'print' }, folder, built);
  const errors = 'errors' in built ? built.errors : {};
  const length = parseWhole(form.lengthMm, LIMITS.lengthMm.min, LIMITS.lengthMm.max, () => '');
  const { t } = useLingui();
  const minLength = formatNumber(LIMITS.lengthMm.min);
  const maxLength = formatNumber(LIMITS.lengthMm.max);
  const shellMm = formatNumber(LIMITS.hollowShellMm, 1);
  const fileFormat = form.format.toUpperCase();
  const size = stats && 'value' in length ? printedSize(stats.size, length.value) : undefined;
  // The viewer's health panel checks printability at this length.
  const setPrintLength = useKiln((s) => s.setPrintLengthMm);
  const lengthMm = 'value' in length ? length.value : undefined;
  useEffect(() => setPrintLength(lengthMm), [lengthMm, setPrintLength]);
  const hasPalette = form.palette.trim() !== '';
  const printed = size ? formatPrintedSize(size) : '';
  return (
    <div className="tool-body" data-testid="tool-print">
      <Field label={t`Longest side (mm, ${minLength}–${maxLength})`} error={errors.lengthMm}>
        <input
          type="number"
          inputMode="numeric"
          data-testid="print-length"
          min={LIMITS.lengthMm.min}
          max={LIMITS.lengthMm.max}
          value={form.lengthMm}
          onChange={(e) => setForm({ ...form, lengthMm: e.target.value })}
        />
      </Field>
      <p className="print-preview" data-testid="print-preview" aria-live="polite">
        {size
          ? t`Printed size: ${printed} (W × D × H)`
          : stats
            ? t`Enter a valid length to see the printed size.`
            : t`The printed size shows once the model is on screen.`}
      </p>
      <Field label={t`File`}>
        <Choice
          testId="print-format"
          value={form.format}
          options={PRINT_FORMATS.map(
            (f) =>
              [
                f,
                f === 'stl' ? t`STL (single colour)` : t`3MF (colours for multi-material printers)`,
              ] as const,
          )}
          onChange={(format) => setForm({ ...form, format })}
        />
      </Field>
      <Check
        label={t`Hollow`}
        hint={t`a ${shellMm} mm shell instead of a solid`}
        testId="print-hollow"
        checked={form.hollow}
        onChange={(hollow) => setForm({ ...form, hollow })}
      />
      <Field
        label={t`Colours`}
        hint={
          hasPalette
            ? t`Set by the palette below.`
            : form.format === 'stl'
              ? t`Colours need 3MF: STL carries one colour.`
              : t`2–8 paints the model for multi-material printers.`
        }
      >
        <Choice
          testId="print-colors"
          value={form.colors}
          disabled={hasPalette}
          options={COLOR_COUNTS}
          onChange={(colors) => setForm({ ...form, colors })}
        />
      </Field>
      <PaletteEditor
        value={form.palette}
        onChange={(palette) => setForm({ ...form, palette })}
        error={errors.palette}
      />
      <RunSection
        run={run}
        built={built}
        label={t`Make ${fileFormat} print file`}
        modelName={modelName}
        testId="print"
      />
    </div>
  );
}
