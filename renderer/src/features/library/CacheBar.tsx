/**
 * What the local cache holds (models that open offline, thumbnails, and the other files Kiln
 * keeps there), its disk use, and Clear.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { formatBytes, formatNumber } from '../../../../shared/format';
import type { LibraryCacheInfoView } from '../../../../shared/ipc/contract';

/** What the cache holds, in full (the line's tooltip). */
function cacheDetail(cache: LibraryCacheInfoView): string {
  const modelBytes = formatBytes(cache.modelBytes);
  const thumbBytes = formatBytes(cache.thumbnailBytes);
  const thumbCount = cache.thumbnailCount;
  const thumbs = formatNumber(thumbCount);
  const kept = plural(thumbCount, {
    one: `${modelBytes} of models, ${thumbBytes} of ${thumbs} thumbnails`,
    other: `${modelBytes} of models, ${thumbBytes} of ${thumbs} thumbnails`,
  });
  const otherCount = cache.otherCount ?? 0;
  if (!otherCount) return kept;
  const otherBytes = formatBytes(cache.otherBytes ?? 0);
  const others = formatNumber(otherCount);
  return plural(otherCount, {
    one: `${kept}, ${otherBytes} in ${others} other file (result previews, opened files, uploaded photos)`,
    other: `${kept}, ${otherBytes} in ${others} other files (result previews, opened files, uploaded photos)`,
  });
}

/** The line's words: models kept, the disk they use, and the limit where there is one. */
function cacheSummary(models: number, totalBytes: number, limitBytes: number | undefined): string {
  const shown = formatNumber(models);
  const size = formatBytes(totalBytes);
  if (limitBytes === undefined) {
    return plural(models, {
      one: `On this computer: ${shown} model · ${size}`,
      other: `On this computer: ${shown} models · ${size}`,
    });
  }
  const limit = formatBytes(limitBytes);
  return plural(models, {
    one: `On this computer: ${shown} model · ${size} of ${limit}`,
    other: `On this computer: ${shown} models · ${size} of ${limit}`,
  });
}

/** The cache line under the filters. */
export function CacheBar() {
  const cache = useKiln((s) => s.libCache);
  const clear = useKiln((s) => s.clearLibraryCache);
  const [asking, setAsking] = useState(false);
  // Re-renders when the language changes (the words below come from the active one).
  useLingui();
  // Until the cache is read, its line keeps its place (hidden, with the words of an empty
  // cache): the grid under it would otherwise shrink by a row when it arrives, and the cards it
  // fetched thumbnails for would no longer be the ones on screen.
  if (!cache) {
    return (
      <div className="library-cache library-cache--pending" aria-hidden="true">
        <span>{cacheSummary(0, 0, undefined)}</span>
        <button type="button" className="link-button" disabled tabIndex={-1}>
          <Trans>Clear cache</Trans>
        </button>
      </div>
    );
  }
  const models = cache.models.length;
  const total = cache.modelBytes + cache.thumbnailBytes + (cache.otherBytes ?? 0);
  return (
    <div
      className="library-cache"
      data-testid="library-cache"
      data-models={models}
      data-bytes={total}
    >
      <span title={cacheDetail(cache)}>{cacheSummary(models, total, cache.limitBytes)}</span>
      {asking ? (
        <span className="library-cache-ask">
          <Trans>Remove them? Models open again from the service.</Trans>
          <button
            type="button"
            data-testid="library-cache-confirm"
            onClick={() => {
              setAsking(false);
              void clear();
            }}
          >
            <Trans>Clear</Trans>
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            <Trans>Keep</Trans>
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="link-button"
          data-testid="library-cache-clear"
          disabled={total === 0}
          onClick={() => setAsking(true)}
        >
          <Trans>Clear cache</Trans>
        </button>
      )}
    </div>
  );
}
