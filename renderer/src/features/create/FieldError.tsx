/** A sentence at the field it is about, announced to screen readers when it appears. */
import type { CreateField } from './create-rules';
import { useKiln } from '../../store/StoreProvider';

/** The DOM id of a field's error, for `aria-describedby`. */
export const errorId = (field: CreateField) => `create-error-${field}`;

/** Shows the Create error of `field`, if there is one. */
export function FieldError({ field }: { field: CreateField }) {
  const message = useKiln((s) => s.createErrors[field]);
  if (!message) return null;
  return (
    <p id={errorId(field)} className="error-text" role="alert" data-testid={`error-${field}`}>
      {message}
    </p>
  );
}
