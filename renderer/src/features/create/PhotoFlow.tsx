/**
 * Photo → model. One photo shows its preview; several make a batch: one job each, priced as one
 * total before anything is charged, and queued by the core beyond the running-jobs limit.
 */
import { useCallback } from 'react';
import { LIMITS } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { PreflightNote } from '../preflight';
import { DropZone } from './DropZone';
import { errorId, FieldError } from './FieldError';
import { PaidButton } from './PaidButton';
import { PhotoCard } from './PhotoCard';
import { SettingsFields } from './SettingsFields';
import { useCreateStart } from './use-create-start';

/** The photo flow. */
export function PhotoFlow() {
  const photos = useKiln((s) => s.photos);
  const addPhotos = useKiln((s) => s.addPhotos);
  const removePhoto = useKiln((s) => s.removePhoto);
  const replacePhoto = useKiln((s) => s.replacePhoto);
  const start = useCreateStart();
  const onFiles = useCallback((files: File[]) => void addPhotos('photos', files), [addPhotos]);
  const batch = photos.length > 1;

  return (
    <>
      <DropZone
        onFiles={onFiles}
        multiple
        hint={photos.length > 1 ? 'Drop more photos for the batch' : 'Drop a photo of one object'}
        describedBy={errorId('photo')}
      >
        {photos.length === 1 ? (
          <>
            <PhotoCard photo={photos[0]!} onRemove={() => removePhoto('photos', photos[0]!.id)} />
            <span className="muted hint">
              Drop another photo to use it instead, or several for a batch
            </span>
          </>
        ) : undefined}
      </DropZone>
      <FieldError field="photo" />
      {batch ? (
        <section className="batch" aria-label="Batch" data-testid="batch">
          <p>
            <strong>Batch of {photos.length} photos</strong>: one model each.
            {photos.length > LIMITS.concurrentJobs
              ? ` ${LIMITS.concurrentJobs} run at a time; the others wait their turn in Activity.`
              : ''}
          </p>
          <ul className="batch-list">
            {photos.map((p) => (
              <li key={p.id}>
                <PhotoCard photo={p} compact onRemove={() => removePhoto('photos', p.id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SettingsFields />
      <FieldError field="form" />
      <PreflightNote
        photos={photos}
        onUseCrop={(photo, cropped) => replacePhoto('photos', photo.id, cropped)}
        onLeaveOut={(ids) => ids.forEach((id) => removePhoto('photos', id))}
      />
      <PaidButton
        {...start}
        testId="generate"
        blockedBy={photos.length ? undefined : 'Drop a photo to generate from.'}
      />
    </>
  );
}
