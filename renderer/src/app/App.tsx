/**
 * The app shell: the header with the billing bar and mode badge; Create or Library on the left,
 * the viewer in the centre, Tools (post-processing) or Activity on the right; the account page
 * over the workspace when open. The library workspace (its grid across the window) hides the
 * viewer and the right column without unmounting them.
 */
import { formatNumber } from '../../../shared/format';
import { useLingui } from '@lingui/react/macro';
import { useEffect, type CSSProperties } from 'react';
import { isMoving } from '../../../shared/jobs';
import { AccountPage } from '../features/account/AccountPage';
import { BillingBar } from '../features/account/BillingBar';
import { ActivityPanel } from '../features/activity/ActivityPanel';
import { useConnectionJobs } from '../features/activity/use-connection-jobs';
import { CreatePanel } from '../features/create/CreatePanel';
import { BatchDialog } from '../features/batch/BatchDialog';
import { DesktopIntegration } from '../features/desktop/DesktopIntegration';
import { LibraryPanel } from '../features/library/LibraryPanel';
import { LibraryPrefetch } from '../features/library/LibraryPrefetch';
import { useWorkspaceKeys } from '../features/library/use-workspace-keys';
import { ToolsPanel } from '../features/ops/ToolsPanel';
import { useKiln } from '../store/StoreProvider';
import { ModeBadge } from './ModeBadge';
import { inElectron } from '../bridge';
import { Tabs } from '../ui/Tabs';
import { idleChunk } from '../ui/idle-chunk';
import { TextFieldMenu } from '../ui/TextFieldMenu';
import { foreground } from '../ui/foreground';
import { useTheme } from '../ui/use-theme';
import { useLanguage } from './use-language';
import { ViewerPanel } from './ViewerPanel';
import { PanelSplitter } from './panels/splitters';
import { usePanelLayout } from './panels/use-panel-layout';
import { panelWidthVar } from '../../../shared/panel-layout';

/**
 * The notices over the workspace (a crash's reload, the last action's Undo): none shows on the
 * first screen, so their code is a chunk of its own (bench B7), asked for as the shell renders.
 */
const AppNotices = idleChunk<object>(
  () => import('./AppNotices').then((m) => ({ default: m.AppNotices })),
  null,
);

/**
 * The header's command button and Settings gear, and the window's shortcut keys
 * (`HeaderCommands.tsx`): a chunk of its own. Until it is here, two hidden boxes hold their
 * place, so the billing bar does not move when they come.
 */
const HeaderCommands = idleChunk<object>(
  () => import('./commands/HeaderCommands'),
  <>
    <span className="app-icon-button app-icon-button--placeholder" aria-hidden="true" />
    <span className="app-icon-button app-icon-button--placeholder" aria-hidden="true" />
  </>,
);

/** The whole window. */
export function App() {
  const appState = useKiln((s) => s.appState);
  const appError = useKiln((s) => s.appError);
  const leftTab = useKiln((s) => s.leftTab);
  const rightTab = useKiln((s) => s.rightTab);
  const showLeft = useKiln((s) => s.showLeft);
  const showRight = useKiln((s) => s.showRight);
  const running = useConnectionJobs().filter((j) => isMoving(j.state)).length;
  // The library workspace covers the viewer and the right column (both stay mounted).
  const workspace = useKiln((s) => s.workspace);
  useWorkspaceKeys();
  useTheme(useKiln((s) => s.settings?.theme));
  useLanguage(
    useKiln((s) => s.settings?.language),
    useKiln((s) => s.info?.systemLanguages),
  );
  // Background preparation waits for this word from the settings (foreground.ts).
  const prepare = useKiln((s) => s.settings?.prepareInBackground);
  useEffect(() => {
    if (prepare !== undefined) foreground.allow(prepare);
  }, [prepare]);
  const { t } = useLingui();
  const panels = usePanelLayout();
  const { layout } = panels;
  // The side columns' widths ride on CSS variables: a splitter's drag moves only the variable.
  const widths = {
    [panelWidthVar('left')]: `${layout.left}px`,
    [panelWidthVar('right')]: `${layout.right}px`,
  } as CSSProperties;
  return (
    <div className="app" data-app-state={appState}>
      <header className="app-header">
        <span className="app-logo" aria-hidden="true" />
        <h1 className="app-title">Kiln</h1>
        <ModeBadge />
        <BillingBar />
        <HeaderCommands />
      </header>
      {appState === 'error' ? (
        <p className="app-fatal" role="alert" data-testid="app-fatal">
          {appError}
        </p>
      ) : null}
      <AppNotices />
      <main
        className={`app-main${workspace ? ' app-main--workspace' : ''}`}
        style={widths}
        data-left-collapsed={layout.leftCollapsed ? 'true' : undefined}
        data-right-collapsed={layout.rightCollapsed ? 'true' : undefined}
      >
        <section
          id="left-side"
          className="panel side-panel left-panel"
          aria-label={t`Create and library`}
          hidden={layout.leftCollapsed && !workspace}
        >
          <Tabs
            label={t`Create or browse`}
            idPrefix="left"
            value={leftTab}
            onChange={showLeft}
            tabs={[
              { id: 'create', label: t`Create` },
              { id: 'library', label: t`Library` },
            ]}
          />
          <div id="left-panel" role="tabpanel" aria-labelledby={`left-tab-${leftTab}`}>
            {leftTab === 'create' ? <CreatePanel /> : <LibraryPanel />}
          </div>
        </section>
        <PanelSplitter side="left" />
        <ViewerPanel />
        <PanelSplitter side="right" />
        <section
          id="right-side"
          className="panel side-panel right-panel"
          aria-label={t`Tools and activity`}
          hidden={layout.rightCollapsed}
        >
          <Tabs
            label={t`Tools or activity`}
            idPrefix="right"
            value={rightTab}
            onChange={showRight}
            tabs={[
              { id: 'tools', label: t`Tools` },
              {
                id: 'activity',
                label: t`Activity`,
                badge: running ? formatNumber(running) : undefined,
              },
            ]}
          />
          <div id="right-panel" role="tabpanel" aria-labelledby={`right-tab-${rightTab}`}>
            {rightTab === 'tools' ? <ToolsPanel /> : <ActivityPanel />}
          </div>
        </section>
      </main>
      <AccountPage />
      <BatchDialog />
      <DesktopIntegration />
      <LibraryPrefetch />
      {inElectron() ? null : <TextFieldMenu />}
    </div>
  );
}
