/**
 * The photo preflight as the flows use it: a component in a chunk of its own (with the worker
 * it starts), so the entry bundle does not carry the checks.
 */
import { idleChunk } from '../../ui/idle-chunk';
import type { PhotoPreviewProps } from './PhotoPreview';
import type { PreflightNoteProps } from './PreflightNote';

/** What the check says about the photos of a flow (see `PreflightNote`). */
export const PreflightNote = idleChunk<PreflightNoteProps>(() => import('./PreflightNote'), null);

/**
 * A single photo's preview drawn from the preflight worker's small copy (see `PhotoPreview`); its
 * place is kept while the chunk is on its way.
 */
export const PhotoPreview = idleChunk<PhotoPreviewProps>(
  () => import('./PhotoPreview'),
  <span className="photo-preview-pending" />,
);
