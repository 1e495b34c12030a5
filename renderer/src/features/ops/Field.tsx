/** One labelled control of a tool form, with its sentence when the value needs fixing. */
import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

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
