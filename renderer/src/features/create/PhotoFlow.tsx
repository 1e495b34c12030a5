/**
 * Photo → model. One photo shows its preview; several make a batch: one job each, priced as one
 * total before anything is charged, and queued by the core beyond the running-jobs limit.
 */
import { Trans, useLingui } from '@lingui/react/macro';
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
  const removePhotos = useKiln((s) => s.removePhotos);
  const replacePhoto = useKiln((s) => s.replacePhoto);
  const start = useCreateStart();
  const onFiles = useCallback((files: File[]) => void addPhotos('photos', files), [addPhotos]);
  const batch = photos.length > 1;
  const { t } = useLingui();
  const count = photos.length;
  const atOnce = LIMITS.concurrentJobs;

  return (
    <>
      <DropZone
        onFiles={onFiles}
        multiple
        hint={photos.length > 1 ? t`Drop more photos for the batch` : t`Drop a photo of one object`}
        describedBy={errorId('photo')}
      >
        {photos.length === 1 ? (
          <>
            <PhotoCard
              photo={photos[0]!}
              onRemove={() => removePhotos('photos', [photos[0]!.id])}
            />
            <span className="muted hint">
              <Trans>Drop another photo to use it instead, or several for a batch</Trans>
            </span>
          </>
        ) : undefined}
      </DropZone>
      <FieldError field="photo" />
      {batch ? (
        <section className="batch" aria-label={t`Batch`} data-testid="batch">
          <p>
            <Trans>
              <strong>Batch of {count} photos</strong>: one model each.
            </Trans>
            {count > atOnce ? (
              <>
                {' '}
                <Trans>{atOnce} run at a time; the others wait their turn in Activity.</Trans>
              </>
            ) : null}
          </p>
          <ul className="batch-list">
            {photos.map((p) => (
              <li key={p.id}>
                <PhotoCard photo={p} compact onRemove={() => removePhotos('photos', [p.id])} />
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
        onLeaveOut={(ids) => removePhotos('photos', ids)}
      />
      <PaidButton
        {...start}
        testId="generate"
        blockedBy={photos.length ? undefined : t`Drop a photo to generate from.`}
      />
    </>
  );
}
