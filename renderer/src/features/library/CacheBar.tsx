/**
 * What the local cache holds (models that open offline, thumbnails, and the other files Kiln
 * keeps there), its disk use, and Clear.
 */
import { useState } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { formatBytes } from '../../../../shared/format';

/** The cache line under the filters. */
export function CacheBar() {
  const cache = useKiln((s) => s.libCache);
  const clear = useKiln((s) => s.clearLibraryCache);
  const [asking, setAsking] = useState(false);
  if (!cache) return null;
  const models = cache.models.length;
  const otherCount = cache.otherCount ?? 0;
  const otherBytes = cache.otherBytes ?? 0;
  const total = cache.modelBytes + cache.thumbnailBytes + otherBytes;
  const others = otherCount
    ? `, ${formatBytes(otherBytes)} in ${otherCount} other file${otherCount === 1 ? '' : 's'} (result previews, opened files, uploaded photos)`
    : '';
  return (
    <div
      className="library-cache"
      data-testid="library-cache"
      data-models={models}
      data-bytes={total}
    >
      <span
        title={`${formatBytes(cache.modelBytes)} of models, ${formatBytes(cache.thumbnailBytes)} of ${cache.thumbnailCount} thumbnails${others}`}
      >
        On this computer: {models} model{models === 1 ? '' : 's'} · {formatBytes(total)}
        {cache.limitBytes !== undefined ? ` of ${formatBytes(cache.limitBytes)}` : ''}
      </span>
      {asking ? (
        <span className="library-cache-ask">
          Remove them? Models open again from the service.
          <button
            type="button"
            data-testid="library-cache-confirm"
            onClick={() => {
              setAsking(false);
              void clear();
            }}
          >
            Clear
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep
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
          Clear cache
        </button>
      )}
    </div>
  );
}
