/**
 * One card of the library grid: thumbnail, name, and badges (cached, versions, website), with the
 * checkbox that picks it for a batch. A click shows the model's detail, a double-click opens it;
 * Ctrl/⌘-click picks it, Shift-click picks the range from the last card clicked.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, type MouseEvent } from 'react';
import type { LibraryItemView } from '../../../../shared/ipc/contract';
import { plural } from '@lingui/core/macro';
import { formatNumber } from '../../../../shared/format';
import { cardFacts } from './library-logic';

/** Props of {@link LibraryCard}. */
export interface LibraryCardProps {
  readonly item: LibraryItemView;
  /** The thumbnail on the app's origin; `null` when it could not be fetched. */
  readonly thumb: string | null | undefined;
  /** Its thumbnail was asked for and has not come yet (the request budget is in use). */
  readonly waiting: boolean;
  readonly selected: boolean;
  readonly cached: boolean;
  readonly index: number;
  /** The grid's one card reached with Tab (the others by the arrow keys). */
  readonly tabStop: boolean;
  /** Picked for a batch (the multi-selection). */
  readonly picked: boolean;
  onSelect(modelId: string, index: number): void;
  onOpen(modelId: string): void;
  /** Picks for a batch (see `LibrarySlice.pickLibraryModels`). */
  onPick(how: 'toggle' | 'range' | 'add-range' | 'anchor', index: number): void;
}

/** A family's version count on its card ("3 versions"). */
function versionsText(count: number): string {
  const shown = formatNumber(count);
  return plural(count, { one: `${shown} versions`, other: `${shown} versions` });
}

/** The id of the hidden words "In the selection" a picked card is described by. */
export const PICKED_DESCRIPTION_ID = 'library-card-picked';

/** A library card (memoised: scrolling re-renders only cards whose data changed). */
export const LibraryCard = memo(function LibraryCard(p: LibraryCardProps) {
  const { item } = p;
  const { t } = useLingui();
  const name = item.name ?? item.modelId;
  const versions = item.versionsCount ?? 0;
  const onClick = (event: MouseEvent) => {
    const add = event.ctrlKey || event.metaKey;
    if (event.shiftKey) p.onPick(add ? 'add-range' : 'range', p.index);
    else if (add) p.onPick('toggle', p.index);
    else {
      p.onPick('anchor', p.index);
      p.onSelect(item.modelId, p.index);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`library-card${p.selected ? ' selected' : ''}${p.picked ? ' picked' : ''}`}
        data-testid="library-card"
        data-model-id={item.modelId}
        data-index={p.index}
        data-cached={p.cached ? 'true' : 'false'}
        data-picked={p.picked ? 'true' : 'false'}
        aria-pressed={p.selected}
        aria-describedby={p.picked ? PICKED_DESCRIPTION_ID : undefined}
        tabIndex={p.tabStop ? 0 : -1}
        onClick={onClick}
        onDoubleClick={(event) => {
          if (!event.shiftKey && !event.ctrlKey && !event.metaKey) p.onOpen(item.modelId);
        }}
      >
        {/* First in the DOM, so the card's name is what it reads (its badges after); shown below. */}
        <span className="library-card-name">{name}</span>
        <span className="library-thumb">
          {p.thumb ? (
            <img src={p.thumb} alt="" decoding="async" draggable={false} />
          ) : (
            // No picture (yet): the model's facts, and whether its picture waits its turn.
            <span
              className={`library-thumb-empty${p.waiting ? ' waiting' : ''}`}
              data-testid="library-card-facts"
              data-waiting={p.waiting ? 'true' : 'false'}
            >
              <span className="library-card-facts">{cardFacts(item)}</span>
              {p.thumb === null ? (
                <span className="library-card-note">
                  <Trans>No picture</Trans>
                </span>
              ) : p.waiting ? (
                <span className="library-card-note">
                  <Trans>Picture waiting for a free request</Trans>
                </span>
              ) : null}
            </span>
          )}
          <span className="library-badges">
            {p.cached ? (
              <span className="library-badge ok" title={t`Saved on this computer: opens offline`}>
                <span aria-hidden="true">✓ </span>
                <Trans>offline</Trans>
              </span>
            ) : null}
            {versions > 1 ? (
              <span className="library-badge" data-testid="library-versions-count">
                {versionsText(versions)}
              </span>
            ) : null}
            {item.source === 'website' ? (
              <span className="library-badge warn" title={t`Made on the website`}>
                <Trans>web</Trans>
              </span>
            ) : null}
          </span>
        </span>
      </button>
      {/* Beside the card, not in it (a control inside a button is not reachable); reached by
        the pointer, while the keyboard picks with Space on the card. */}
      <input
        type="checkbox"
        className="library-card-check"
        data-testid="library-card-check"
        aria-label={t`Select ${name}`}
        tabIndex={-1}
        checked={p.picked}
        onChange={(event) =>
          p.onPick(
            (event.nativeEvent as MouseEvent['nativeEvent']).shiftKey ? 'add-range' : 'toggle',
            p.index,
          )
        }
      />
    </>
  );
});
