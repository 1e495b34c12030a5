/** One card of the library grid: thumbnail, name, and badges (cached, versions, website). */
import { memo } from 'react';
import type { LibraryItemView } from '../../../../shared/ipc/contract';

/** Props of {@link LibraryCard}. */
export interface LibraryCardProps {
  readonly item: LibraryItemView;
  /** The thumbnail on the app's origin; `null` when it could not be fetched. */
  readonly thumb: string | null | undefined;
  readonly selected: boolean;
  readonly cached: boolean;
  readonly index: number;
  /** The grid's one card reached with Tab (the others by the arrow keys). */
  readonly tabStop: boolean;
  onSelect(modelId: string, index: number): void;
  onOpen(modelId: string): void;
}

/** A library card (memoised: scrolling re-renders only cards whose data changed). */
export const LibraryCard = memo(function LibraryCard(p: LibraryCardProps) {
  const { item } = p;
  const name = item.name ?? item.modelId;
  return (
    <button
      type="button"
      className={`library-card${p.selected ? ' selected' : ''}`}
      data-testid="library-card"
      data-model-id={item.modelId}
      data-index={p.index}
      data-cached={p.cached ? 'true' : 'false'}
      aria-pressed={p.selected}
      tabIndex={p.tabStop ? 0 : -1}
      onClick={() => p.onSelect(item.modelId, p.index)}
      onDoubleClick={() => p.onOpen(item.modelId)}
    >
      {/* First in the DOM, so the card's name is what it reads (its badges after); shown below. */}
      <span className="library-card-name">{name}</span>
      <span className="library-thumb">
        {p.thumb ? (
          <img src={p.thumb} alt="" loading="lazy" decoding="async" draggable={false} />
        ) : (
          <span className="library-thumb-empty" aria-hidden="true">
            {p.thumb === null ? '—' : ''}
          </span>
        )}
        <span className="library-badges">
          {p.cached ? (
            <span className="library-badge ok" title="Saved on this computer: opens offline">
              <span aria-hidden="true">✓ </span>offline
            </span>
          ) : null}
          {item.versionsCount && item.versionsCount > 1 ? (
            <span className="library-badge" data-testid="library-versions-count">
              {item.versionsCount} versions
            </span>
          ) : null}
          {item.source === 'website' ? (
            <span className="library-badge warn" title="Made on the website">
              web
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
});
