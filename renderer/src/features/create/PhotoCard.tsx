/** A chosen photo: its preview, name and size, and a way to remove it. */
import { formatBytes } from '../../../../shared/format';
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
  return (
    <figure
      className={`photo-preview${compact ? ' photo-compact' : ''}`}
      data-testid="photo-preview"
    >
      <img src={photo.previewUrl} alt={`Preview of ${photo.file.name}`} draggable={false} />
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
          aria-label={`Remove ${photo.file.name}`}
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
