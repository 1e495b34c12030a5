/**
 * Notices from the main process over the workspace (the window was reloaded after a crash or a
 * hang), each until the user dismisses it.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useKiln } from '../store/StoreProvider';

/** Mount once, in the app shell. */
export function AppNotices() {
  const appNotices = useKiln((s) => s.appNotices);
  const takeAppNotices = useKiln((s) => s.takeAppNotices);
  const dismiss = useKiln((s) => s.dismissAppNotice);
  useEffect(() => void takeAppNotices(), [takeAppNotices]);
  const { t } = useLingui();
  if (appNotices.length === 0) return null;
  return (
    <div className="app-notices" role="status" data-testid="app-notices">
      {appNotices.map((n) => (
        <p key={n.id} className={`app-notice app-notice-${n.level}`}>
          {n.message}{' '}
          <button type="button" aria-label={t`Dismiss`} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
