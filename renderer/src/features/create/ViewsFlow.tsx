/**
 * Views → model: 2–4 photos of the same object, the front first. Reorder by dragging a slot, or
 * with its Move buttons (keyboard); each view is labelled with the side it shows.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { LIMITS } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { checkViews, VIEW_LABEL_TEXT, VIEW_LABELS, type ViewLabel } from './create-rules';
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
  const { i18n, t } = useLingui();
  const n = index + 1;
  return (
    <>
      <select
        aria-label={t`Side shown by view ${n}`}
        data-testid="view-label"
        value={label}
        onChange={(e) => labelView(id, e.target.value as ViewLabel)}
      >
        {VIEW_LABELS.map((l) => (
          <option key={l} value={l}>
            {i18n._(VIEW_LABEL_TEXT[l])}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Move view ${n} up`}
        data-testid="view-up"
        disabled={index === 0}
        onClick={() => moveView(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Move view ${n} down`}
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
  const removePhotos = useKiln((s) => s.removePhotos);
  const replacePhoto = useKiln((s) => s.replacePhoto);
  const moveView = useKiln((s) => s.moveView);
  const fieldError = useKiln((s) => s.createErrors.views);
  const start = useCreateStart();
  const [dragFrom, setDragFrom] = useState<number | undefined>();
  const onFiles = useCallback((files: File[]) => void addPhotos('views', files), [addPhotos]);
  // The arrangement is checked as it changes: the reason is visible before Generate.
  const problem = views.length ? checkViews(views) : undefined;
  const full = views.length >= LIMITS.views.max;
  const { t } = useLingui();
  const max = LIMITS.views.max;

  return (
    <>
      <ol className="view-slots" aria-label={t`Views, front first`} data-testid="view-slots">
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
              title={t`Drag to reorder`}
              data-testid="view-handle"
            >
              ⠿ {i + 1}
            </span>
            <PhotoCard photo={v.file} compact onRemove={() => removePhotos('views', [v.id])}>
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
            ? t`All ${max} views are filled`
            : views.length
              ? t`Drop another side`
              : t`Drop 2 to 4 photos of one object, front first`
        }
        {...(full ? { detail: t`Remove a view to add another photo` } : {})}
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
            ? t`Drop the views to generate from.`
            : problem
              ? t`Fix the views first.`
              : undefined
        }
      />
    </>
  );
}
