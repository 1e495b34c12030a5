/**
 * Kiln's own update in Activity: asks the core for the update's state when Activity mounts, and
 * shows the card (a chunk of its own, fetched at idle: most windows never show it, bench B7)
 * only while there is something to say: an update downloading, ready or failed.
 */
import { useEffect } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { idleChunk } from '../../ui/idle-chunk';

const UpdateCardView = idleChunk(() => import('./UpdateCardView'), null);

const SHOWN = new Set(['downloading', 'ready', 'error']);

/** The update card at the top of Activity; nothing while there is nothing to say. */
export function UpdateCard() {
  const update = useKiln((s) => s.update);
  const loadUpdate = useKiln((s) => s.loadUpdate);
  useEffect(() => void loadUpdate(), [loadUpdate]);
  if (!update || !SHOWN.has(update.state)) return null;
  return <UpdateCardView update={update} />;
}
