import { formatFixed, formatNumber } from '../../../../shared/format';
import type { LengthUnit } from '../viewer-settings';

const PER_METRE: Readonly<Record<LengthUnit, number>> = { mm: 1000, cm: 100, m: 1, in: 1 / 0.0254 };

/**
 * A length in metres (glTF's unit) written in `unit` with sensible precision: three significant
 * figures, at least whole millimetres, the region's way ("1,250 mm", "25.2 cm", "0,252 m" in German).
 */
export function formatLength(metres: number, unit: LengthUnit): string {
  const value = metres * PER_METRE[unit];
  const abs = Math.abs(value);
  let decimals: number;
  if (unit === 'mm') decimals = abs < 10 ? 1 : 0;
  else if (abs === 0) decimals = 0;
  else
    decimals = Math.max(
      0,
      Math.min(unit === 'm' ? 3 : unit === 'in' ? 2 : 1, 2 - Math.floor(Math.log10(abs))),
    );
  return `${formatFixed(value, decimals)} ${unit}`;
}

/** Grid steps offered, in metres: 1-2-5 from a millimetre to a kilometre. */
const STEPS: readonly number[] = (() => {
  const steps: number[] = [];
  for (let exp = -3; exp <= 3; exp++) for (const m of [1, 2, 5]) steps.push(m * 10 ** exp);
  return steps;
})();

/**
 * Grid cell size (metres) for a model whose largest side is `size` metres: the 1-2-5 step
 * nearest to a tenth of it, so about ten cells span the model whatever its scale.
 */
export function gridStep(size: number): number {
  const want = Math.max(size, 1e-6) / 10;
  let best = STEPS[0]!;
  for (const step of STEPS) {
    if (Math.abs(Math.log(step / want)) < Math.abs(Math.log(best / want))) best = step;
  }
  return best;
}

/** "1 cm", "20 cm", "5 m": a grid step in the unit that reads best. */
export function formatStep(metres: number): string {
  if (metres < 0.01) return `${formatNumber(Math.round(metres * 1000))} mm`;
  if (metres < 1) return `${formatNumber(Math.round(metres * 100))} cm`;
  return `${formatNumber(Math.round(metres))} m`;
}
