/**
 * The batch form over the window while a library selection waits for it. The form (the tools'
 * fields, their checks and the contract's schemas) is a chunk of its own, fetched when the
 * browser is first idle after start (see `idleChunk`): a first screen never shows it.
 */
import { useKiln } from '../../store/StoreProvider';
import { idleChunk } from '../../ui/idle-chunk';

const BatchForm = idleChunk(() => import('./BatchForm'), null);

/** The batch form, open while a selection waits for it. */
export function BatchDialog() {
  const selection = useKiln((s) => s.batchSelection);
  if (!selection) return null;
  return <BatchForm selection={selection} />;
}
