/**
 * The Library tab. Its view (grid, virtualizer, detail) is a chunk of its own, fetched when the
 * browser is idle after start (see `idleChunk`).
 */
import { Trans } from '@lingui/react/macro';
import { idleChunk } from '../../ui/idle-chunk';

/** The library: every model of the account. */
export const LibraryPanel = idleChunk(
  () => import('./LibraryView'),
  <p className="muted">
    <Trans>Opening the library…</Trans>
  </p>,
);
