/**
 * The viewer panels' two ways to pick one of a few named options: a drop-down (`ChoiceSelect`)
 * and a row of radio buttons (`RadioChoices`). One shape for every panel, so a choice looks and
 * reads the same in Capture, Health and Turntable.
 */
import type { ChangeEvent } from 'react';

/** A drop-down of `options` (`id` and `label` each). */
export function ChoiceSelect({
  testId,
  value,
  options,
  onChange,
  disabled,
}: {
  testId: string;
  value: string;
  options: readonly { readonly id: string; readonly label: string }[];
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <select
      data-testid={testId}
      value={value}
      disabled={disabled}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.currentTarget.value)}
    >
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Radio buttons, one per `[id, label]` of `options`, named `name` (one group per panel). */
export function RadioChoices<T extends string>({
  name,
  testIdPrefix,
  value,
  options,
  onChange,
}: {
  name: string;
  /** Each button's test id is this prefix and its id. */
  testIdPrefix: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (id: T) => void;
}) {
  return (
    <>
      {options.map(([id, label]) => (
        <label key={id} className="kiln-viewer__check">
          <input
            type="radio"
            name={name}
            data-testid={`${testIdPrefix}${id}`}
            checked={value === id}
            onChange={() => onChange(id)}
          />
          <span>{label}</span>
        </label>
      ))}
    </>
  );
}
