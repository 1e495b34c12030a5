/**
 * The splitter handles, in a chunk of their own fetched at the first idle moment (the entry
 * chunk's budget). Until it is here their grid columns stay empty lines: every column is placed
 * explicitly (app.css), so the layout does not move when the handles arrive.
 */
import { idleChunk } from '../../ui/idle-chunk';

/** The handle on `side` of the viewer. */
export const PanelSplitter = idleChunk(() => import('./PanelSplitter'), null);
