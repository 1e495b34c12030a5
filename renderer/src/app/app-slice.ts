/** The shell's state: which pages the columns show, readiness and the running app's facts. */
import type { AppInfo, JobView, SettingsView } from '../../../shared/ipc/contract';
import type { CommandId } from '../../../shared/commands';
import type { SliceCreator } from '../store/slice';

/** The left column's pages. */
export type LeftTab = 'create' | 'library';
/** The right column's pages. */
export type RightTab = 'tools' | 'activity';
/** App-wide state. */
export interface AppSlice {
  leftTab: LeftTab;
  rightTab: RightTab;
  /** Shows a page of the left column (Create leaves the library workspace). */
  showLeft(tab: LeftTab): void;
  /** Shows a page of the right column (which the library workspace covers: it closes). */
  showRight(tab: RightTab): void;
  /**
   * The library as a workspace: its grid across the whole window in place of the viewer and the
   * right column (Blender's asset browser, Figma's file browser). Escape or choosing a model
   * returns to the viewer.
   */
  workspace: boolean;
  setWorkspace(on: boolean): void;
  /** `loading` until the first answers arrive; `error` when the main process is unreachable. */
  appState: 'loading' | 'ready' | 'error';
  appError: string | undefined;
  info: AppInfo | undefined;
  /**
   * A command the desktop app's menu asked for, numbered so the same command twice runs twice;
   * the shell's CommandCenter runs it from the registry.
   */
  menuCommand: { readonly id: CommandId; readonly seq: number } | undefined;
  requestCommand(id: CommandId): void;
  /**
   * Loads the first data (the app's facts, the jobs, the account). Call once, after the main
   * process's events are subscribed (`main-events.ts`), so no update is lost in between.
   * `first`: the app's facts and the settings already asked for (the first paint chooses its
   * language from them, `main.tsx`), so they are not asked twice.
   */
  init(first?: FirstAnswers): Promise<void>;
}

/** The answers a window asks for before anything else: the app's facts and the settings. */
export type FirstAnswers = Readonly<{ info: Promise<AppInfo>; settings: Promise<SettingsView> }>;

/** What the shell asks of the features at start. */
export interface AppNeeds {
  setJobs(jobs: JobView[]): void;
  loadAccount(settings?: Promise<SettingsView>): Promise<void>;
  loadBatches(): Promise<void>;
  /** Brings back how the artist left Kiln (the last model, Create's form). */
  restoreMemory(): Promise<void>;
}

/** Creates the app slice. */
export const createAppSlice: SliceCreator<AppSlice, AppNeeds> = (set, get, bridge) => ({
  appState: 'loading',
  appError: undefined,
  leftTab: 'create',
  rightTab: 'activity',
  showLeft: (leftTab) => set(leftTab === 'library' ? { leftTab } : { leftTab, workspace: false }),
  showRight: (rightTab) => set({ rightTab, workspace: false }),
  workspace: false,
  setWorkspace: (workspace) => set(workspace ? { workspace, leftTab: 'library' } : { workspace }),
  info: undefined,
  menuCommand: undefined,
  requestCommand: (id) => set({ menuCommand: { id, seq: (get().menuCommand?.seq ?? 0) + 1 } }),
  async init(first) {
    try {
      const [info, jobs] = await Promise.all([
        first?.info ?? bridge['app:info'](undefined),
        bridge['jobs:list'](undefined),
      ]);
      set({ info, appState: 'ready' });
      get().setJobs(jobs);
      await get().loadBatches();
      // The balance and prices may fail (no network): the app still works, the bar says why.
      await get().loadAccount(first?.settings);
      await get().restoreMemory();
    } catch (error) {
      set({ appState: 'error', appError: (error as Error).message });
    }
  },
});
