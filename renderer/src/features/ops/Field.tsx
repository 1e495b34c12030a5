/** One labelled control of a tool form, with its sentence when the value needs fixing. */
import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

/** One option of a {@link Choice}: its value and what the user reads. */
export type ChoiceOption<V extends string | number> = readonly [value: V, label: string];

/**
 * A select of fixed choices, typed by their values: `onChange` gets the option's own value back
 * (a number stays a number), so no form casts what the DOM hands it. Inside a {@link Field}, it
 * receives the field's id and ARIA attributes.
 */
export function Choice<V extends string | number>({
  testId,
  value,
  options,
  onChange,
  ...rest
}: {
  testId: string;
  value: V;
  options: ReadonlyArray<ChoiceOption<V>>;
  onChange: (value: V) => void;
  disabled?: boolean;
  /** Set by {@link Field}. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <select
      {...rest}
      data-testid={testId}
      value={value}
      onChange={(e) => {
        const picked = options.find(([v]) => String(v) === e.target.value);
        if (picked) onChange(picked[0]);
      }}
    >
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** A label, a control (input/select) and its error or hint below. */
export function Field(props: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const described = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {cloneElement(props.children, {
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': described,
      })}
      {props.error ? (
        <p className="error-text field-error" id={`${id}-error`} data-testid="field-error">
          {props.error}
        </p>
      ) : props.hint ? (
        <p className="muted field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label and an optional explanation. */
export function Check(props: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
  hint?: string;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        {props.label}
        {props.hint ? <span className="muted"> — {props.hint}</span> : null}
      </span>
    </label>
  );
}
