import type { JSX } from 'react';

/**
 * Number fields for the sides of a custom size (a capture's pixels, a printer's build volume),
 * side by side: a side left empty or typed below `min` reads as `min`, so the size is always one
 * the panel can use.
 */
export function SizeFields<Side extends string>({
  value,
  labels,
  min,
  max,
  testIdPrefix,
  onChange,
}: {
  value: Readonly<Record<Side, number>>;
  /** Each side's label, in the order the fields show. */
  labels: Readonly<Record<Side, string>>;
  min: number;
  max?: number;
  /** Each field's test id is this prefix and its side (`viewer-capture-width`). */
  testIdPrefix: string;
  onChange: (next: Record<Side, number>) => void;
}): JSX.Element {
  const sides = Object.keys(labels) as Side[];
  return (
    <div className="kiln-viewer__row">
      {sides.map((side) => (
        <label key={side} className="kiln-viewer__field">
          <span>{labels[side]}</span>
          <input
            type="number"
            data-testid={`${testIdPrefix}${side}`}
            min={min}
            max={max}
            value={value[side]}
            onChange={(e) =>
              onChange({ ...value, [side]: Math.max(min, Number(e.currentTarget.value) || min) })
            }
          />
        </label>
      ))}
    </div>
  );
}
