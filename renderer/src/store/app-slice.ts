/** App-wide state: readiness and the running app's facts (mode, version). */
import type { AppInfo } from '../../../shared/ipc/contract';
import type { SliceCreator } from './app-store';

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
