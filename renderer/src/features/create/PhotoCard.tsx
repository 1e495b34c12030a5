/** A chosen photo: its preview, name and size, and a way to remove it. */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { formatBytes } from '../../../../shared/format';
import {
  checkPhoto,
  preflightOf,
  previewOf,
  snapshot,
  subscribe,
} from '../preflight/preflight-client';
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
        <CheckedPreview photo={photo} alt={t`Preview of ${name}`} />
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

/**
 * A single photo's preview, as the preflight worker decoded it for its check: the page does not
 * decode the file itself, which for a 12-megapixel photo cost the page's cores about 40 ms just
 * when the check the artist waits for decodes the same photo (bench B17). The check starts here,
 * as the card appears, rather than after the preflight's own chunk has rendered. Until the worker
 * has the photo (a few tens of milliseconds) the card keeps its place; a photo the worker could
 * not decode is shown by the page after all.
 */
function CheckedPreview({ photo, alt }: { photo: ChosenPhoto; alt: string }) {
  useSyncExternalStore(subscribe, snapshot);
  useLayoutEffect(() => checkPhoto(photo.id, photo.file), [photo]);
  const small = previewOf(photo.id);
  const state = preflightOf(photo.id)?.status;
  if (small) return <BitmapPreview bitmap={small} alt={alt} />;
  if (state === 'checking' || state === undefined)
    return <span className="photo-preview-pending" role="img" aria-label={alt} aria-busy />;
  return <img src={photo.previewUrl} alt={alt} draggable={false} />;
}

/** A bitmap drawn on a canvas at its own size (CSS scales it like the photo's `<img>`). */
function BitmapPreview({ bitmap, alt }: { bitmap: ImageBitmap; alt: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    c.width = bitmap.width;
    c.height = bitmap.height;
    c.getContext('2d')!.drawImage(bitmap, 0, 0);
  }, [bitmap]);
  return <canvas ref={canvas} className="photo-preview-image" role="img" aria-label={alt} />;
}
