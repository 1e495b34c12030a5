/**
 * The account page over the workspace while it is open, else the first-run welcome (which must
 * show at once, so it stays in the entry). The page itself is a chunk of its own, fetched when
 * the browser is idle after start (see `idleChunk`).
 */
import { idleChunk } from '../../ui/idle-chunk';
import { useKiln } from '../../store/StoreProvider';
import { WelcomeOverlay } from './WelcomeOverlay';

const AccountPageView = idleChunk(() => import('./AccountPageView'), null);

/** The account page when open; the first-run welcome otherwise. */
export function AccountPage() {
  const section = useKiln((s) => s.accountSection);
  if (!section) return <WelcomeOverlay />;
  return <AccountPageView section={section} />;
}
