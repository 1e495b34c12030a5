/**
 * The splitter handles, in a chunk of their own fetched at the first idle moment (the entry
 * chunk's budget): until it is here each handle is a plain line in its grid column, so the
 * layout does not move when it arrives.
 */
import { idleChunk } from '../../ui/idle-chunk';

const load = () => import('./PanelSplitter');

/** The handle between the left panel and the viewer. */
export const LeftSplitter = idleChunk(
  load,
  <div className="panel-splitter panel-splitter--left" aria-hidden="true" />,
);

/** The handle between the viewer and the right panel. */
export const RightSplitter = idleChunk(
  load,
  <div className="panel-splitter panel-splitter--right" aria-hidden="true" />,
);
