/** The app shell: header with the mode badge, Create on the left, the viewer, Activity on the right. */
import { ActivityPanel } from '../features/activity/ActivityPanel';
import { CreatePanel } from '../features/create/CreatePanel';
import { useKiln } from '../store/StoreProvider';
import { ModeBadge } from './ModeBadge';
import { ViewerPanel } from './ViewerPanel';

/** The whole window. */
export function App() {
  const appState = useKiln((s) => s.appState);
  const appError = useKiln((s) => s.appError);
  return (
    <div className="app" data-app-state={appState}>
      <header className="app-header">
        <span className="app-logo" aria-hidden="true" />
        <h1 className="app-title">Kiln</h1>
        <ModeBadge />
      </header>
      {appState === 'error' ? (
        <p className="app-fatal" role="alert">
          {appError}
        </p>
      ) : null}
      <main className="app-main">
        <CreatePanel />
        <ViewerPanel />
        <ActivityPanel />
      </main>
    </div>
  );
}
