/**
 * Views → model: 2–4 photos of the same object, the front first. Reorder by dragging a slot, or
 * with its Move buttons (keyboard); each view is labelled with the side it shows.
 */
import { useCallback, useMemo, useState } from 'react';
import { LIMITS } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { checkViews, VIEW_LABELS, type ViewLabel } from './create-rules';
import { DropZone } from './DropZone';
import { errorId, FieldError } from './FieldError';
import { PaidButton } from './PaidButton';
import { PreflightNote } from '../preflight';
import { PhotoCard } from './PhotoCard';
import { SettingsFields } from './SettingsFields';
import { useCreateStart } from './use-create-start';

/** The drag data type of a view slot being reordered (files dropped from outside have none). */
const VIEW_DRAG = 'application/x-kiln-view';

/** A view slot's side and its move buttons (the keyboard's way to reorder). */
function ViewSlotControls({
  id,
  label,
  index,
  count,
}: {
  id: string;
  label: ViewLabel;
  index: number;
  count: number;
}) {
  const moveView = useKiln((s) => s.moveView);
  const labelView = useKiln((s) => s.labelView);
  return (
    <>
      <select
        aria-label={`Side shown by view ${index + 1}`}
        data-testid="view-label"
        value={label}
        onChange={(e) => labelView(id, e.target.value as ViewLabel)}
      >
        {VIEW_LABELS.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move view ${index + 1} up`}
        data-testid="view-up"
        disabled={index === 0}
        onClick={() => moveView(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move view ${index + 1} down`}
        data-testid="view-down"
        disabled={index === count - 1}
        onClick={() => moveView(index, index + 1)}
      >
        ↓
      </button>
    </>
  );
}

/** The multi-view flow. */
export function ViewsFlow() {
  const views = useKiln((s) => s.views);
  const viewPhotos = useMemo(() => views.map((v) => v.file), [views]);
  const addPhotos = useKiln((s) => s.addPhotos);
  const removePhoto = useKiln((s) => s.removePhoto);
  const replacePhoto = useKiln((s) => s.replacePhoto);
  const moveView = useKiln((s) => s.moveView);
  const fieldError = useKiln((s) => s.createErrors.views);
  const start = useCreateStart();
  const [dragFrom, setDragFrom] = useState<number | undefined>();
  const onFiles = useCallback((files: File[]) => void addPhotos('views', files), [addPhotos]);
  // The arrangement is checked as it changes: the reason is visible before Generate.
  const problem = views.length ? checkViews(views) : undefined;
  const full = views.length >= LIMITS.views.max;

  return (
    <>
      <ol className="view-slots" aria-label="Views, front first" data-testid="view-slots">
        {views.map((v, i) => (
          <li
            key={v.id}
            className={`view-slot${dragFrom === i ? ' view-slot-dragging' : ''}`}
            data-testid="view-slot"
            data-view-label={v.label}
            draggable
            onDragStart={(e) => {
              setDragFrom(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData(VIEW_DRAG, String(i));
            }}
            onDragEnd={() => setDragFrom(undefined)}
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes(VIEW_DRAG)) e.preventDefault();
            }}
            onDrop={(e) => {
              const from = e.dataTransfer.getData(VIEW_DRAG);
              if (!from) return;
              e.preventDefault();
              moveView(Number(from), i);
              setDragFrom(undefined);
            }}
          >
            <span
              className="slot-handle"
              aria-hidden="true"
              title="Drag to reorder"
              data-testid="view-handle"
            >
              ⠿ {i + 1}
            </span>
            <PhotoCard photo={v.file} compact onRemove={() => removePhoto('views', v.id)}>
              <ViewSlotControls id={v.id} label={v.label} index={i} count={views.length} />
            </PhotoCard>
          </li>
        ))}
      </ol>
      {/* Stays when the views are full: a photo dropped then is refused with the reason. */}
      <DropZone
        onFiles={onFiles}
        multiple
        testId="views-drop"
        full={full}
        hint={
          full
            ? `All ${LIMITS.views.max} views are filled`
            : views.length
              ? 'Drop another side'
              : 'Drop 2 to 4 photos of one object, front first'
        }
        {...(full ? { detail: 'Remove a view to add another photo' } : {})}
        describedBy={errorId('views')}
      />
      {problem && !fieldError ? (
        <p id={errorId('views')} className="error-text" role="alert" data-testid="error-views">
          {problem}
        </p>
      ) : (
        <FieldError field="views" />
      )}
      <SettingsFields />
      <FieldError field="form" />
      <PreflightNote
        photos={viewPhotos}
        views
        onUseCrop={(photo, cropped) => replacePhoto('views', photo.id, cropped)}
      />
      <PaidButton
        {...start}
        testId="generate"
        blockedBy={
          views.length === 0
            ? 'Drop the views to generate from.'
            : problem
              ? 'Fix the views first.'
              : undefined
        }
      />
    </>
  );
}
