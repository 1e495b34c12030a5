/** A chosen photo: its preview, name and size, and a way to remove it. */
import { useLingui } from '@lingui/react/macro';
import { formatBytes } from '../../../../shared/format';
import { PhotoPreview } from '../preflight';
import type { ChosenPhoto } from './create-slice';

/** Props of {@link PhotoCard}. */
export interface PhotoCardProps {
  photo: ChosenPhoto;
  onRemove(): void;
  /** Extra controls (a view's label and moves). */
  children?: React.ReactNode;
  compact?: boolean;
}

/** One chosen photo. */
export function PhotoCard({ photo, onRemove, children, compact = false }: PhotoCardProps) {
  const { t } = useLingui();
  const name = photo.file.name;
  return (
    <figure
      className={`photo-preview${compact ? ' photo-compact' : ''}`}
      data-testid="photo-preview"
    >
      {compact ? (
        <img src={photo.previewUrl} alt={t`Preview of ${name}`} draggable={false} />
      ) : (
        <PhotoPreview photo={photo} alt={t`Preview of ${name}`} />
      )}
      <figcaption>
        <span className="photo-name" title={photo.file.name}>
          {photo.file.name}
        </span>
        <span className="muted" data-testid="photo-size">
          {formatBytes(photo.file.size)}
        </span>
        {children}
        <button
          type="button"
          className="icon-button"
          aria-label={t`Remove ${name}`}
          data-testid="photo-remove"
          onClick={(e) => {
            e.stopPropagation();
            onRemove();
          }}
        >
          ×
        </button>
      </figcaption>
    </figure>
  );
}
