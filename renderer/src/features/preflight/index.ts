/**
 * The photo preflight as the flows use it: a component in a chunk of its own (with the worker
 * it starts), so the entry bundle does not carry the checks.
 */
import { idleChunk } from '../../ui/idle-chunk';
import type { PreflightNoteProps } from './PreflightNote';

/** What the check says about the photos of a flow (see `PreflightNote`). */
export const PreflightNote = idleChunk<PreflightNoteProps>(() => import('./PreflightNote'), null);
