/** App-wide state: readiness and the running app's facts (mode, version). */
import type { AppInfo } from '../../../shared/ipc/contract';
import type { SliceCreator } from '../store/app-store';

/** The left column's pages. */
export type LeftTab = 'create' | 'library';
/** The right column's pages. */
export type RightTab = 'tools' | 'activity';
/** Sections of the account page. */
export type AccountSection = 'billing' | 'prices' | 'ledger' | 'keys' | 'settings';

/** App-wide state. */
export interface AppSlice {
  leftTab: LeftTab;
  rightTab: RightTab;
  /** The account page, open on a section, or closed. */
  accountSection: AccountSection | undefined;
  showLeft(tab: LeftTab): void;
  showRight(tab: RightTab): void;
  openAccount(section: AccountSection | undefined): void;
  /** The model the Create panel's retexture flow paints anew, chosen from the library or viewer. */
  retextureTarget: { modelId: string; name: string } | undefined;
  /** Shows Create's retexture flow for a model. */
  beginRetexture(target: { modelId: string; name: string } | undefined): void;
  /** The post-processing tool the Tools column shows first (`export`, `print`, …). */
  toolsOp: string | undefined;
  /** Opens a model (if it is not the open one) and shows a tool for it in the Tools column. */
  openTools(modelId: string, op?: string): Promise<void>;
  /** `loading` until the first answers arrive; `error` when the main process is unreachable. */
  appState: 'loading' | 'ready' | 'error';
  appError: string | undefined;
  info: AppInfo | undefined;
  /** Loads the first data and subscribes to events. Call once. */
  init(): Promise<void>;
}

/** Creates the app slice. */
export const createAppSlice: SliceCreator<AppSlice> = (set, get, bridge) => ({
  appState: 'loading',
  appError: undefined,
  leftTab: 'create',
  rightTab: 'activity',
  accountSection: undefined,
  showLeft: (leftTab) => set({ leftTab }),
  showRight: (rightTab) => set({ rightTab }),
  openAccount: (accountSection) => set({ accountSection }),
  retextureTarget: undefined,
  beginRetexture: (retextureTarget) => set({ retextureTarget, leftTab: 'create' }),
  toolsOp: undefined,
  async openTools(modelId, op) {
    set({ rightTab: 'tools', toolsOp: op });
    if (get().model?.modelId !== modelId) await get().openModel(modelId);
  },
  info: undefined,
  async init() {
    bridge.on('jobs.updated', (job) => get().upsertJob(job));
    try {
      const [info, jobs] = await Promise.all([
        bridge['app:info'](undefined),
        bridge['jobs:list'](undefined),
      ]);
      set({ info, appState: 'ready' });
      get().setJobs(jobs);
      // The balance and prices may fail (no network): the app still works, the bar says why.
      await get().loadAccount();
    } catch (error) {
      set({ appState: 'error', appError: (error as Error).message });
    }
  },
});
