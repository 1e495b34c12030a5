/**
 * Notices from the main process over the workspace (the window was reloaded after a crash or a
 * hang), each until the user dismisses it.
 */
import { useEffect } from 'react';
import { useKiln } from '../store/StoreProvider';

/** Mount once, in the app shell. */
export function AppNotices() {
  const notices = useKiln((s) => s.notices);
  const watchNotices = useKiln((s) => s.watchNotices);
  const dismiss = useKiln((s) => s.dismissNotice);
  useEffect(() => watchNotices(), [watchNotices]);
  if (notices.length === 0) return null;
  return (
    <div className="app-notices" role="status" data-testid="app-notices">
      {notices.map((n) => (
        <p key={n.id} className={`app-notice app-notice-${n.level}`}>
          {n.message}{' '}
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
