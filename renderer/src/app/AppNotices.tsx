/**
 * The app's notices over the workspace: those from the main process (the window was reloaded
 * after a crash or a hang), each until the user dismisses it, and the last undoable action's
 * ("Selection of 3,210 models cleared — Undo"), for a few seconds (Ctrl/⌘+Z still undoes it
 * after the notice has gone).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useKiln } from '../store/StoreProvider';

/** How long the undo notice stays (ms): long enough to read and reach for the button. */
const UNDO_NOTICE_MS = 10_000;

/** Mount once, in the app shell. */
export function AppNotices() {
  const appNotices = useKiln((s) => s.appNotices);
  const takeAppNotices = useKiln((s) => s.takeAppNotices);
  const dismiss = useKiln((s) => s.dismissAppNotice);
  useEffect(() => void takeAppNotices(), [takeAppNotices]);
  const { t } = useLingui();
  return (
    <>
      {appNotices.length ? (
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
      ) : null}
      <UndoNotice />
    </>
  );
}

/** The notice of the last undoable action, with its Undo button. */
function UndoNotice() {
  const notice = useKiln((s) => s.undoNotice);
  const undoLast = useKiln((s) => s.undoLast);
  const dismiss = useKiln((s) => s.dismissUndoNotice);
  const { t } = useLingui();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismiss, UNDO_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  // The notice is the newest entry's: the Undo button undoes exactly what it names.
  return (
    <div
      className="undo-notice-area"
      role="status"
      aria-live="polite"
      data-testid="undo-notice-area"
    >
      {notice ? (
        <p className="undo-notice" data-testid="undo-notice">
          <span>{notice.describe()}</span>
          <button type="button" data-testid="undo-notice-undo" onClick={() => void undoLast()}>
            <Trans>Undo</Trans>
          </button>
          <button type="button" className="icon-button" aria-label={t`Dismiss`} onClick={dismiss}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
