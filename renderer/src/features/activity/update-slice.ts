/**
 * Kiln's own updates and the main process's notices, as the page shows them: the update's state
 * (pushed by `updates.updated`) with the check and install actions, and the notices waiting in
 * the main process (a window reloaded after a crash), taken once each.
 */
import type { AppNoticeView, UpdateView } from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/slice';

/** Update and notice state and actions. */
export interface UpdateSlice {
  /** The update's state; undefined until the first answer. */
  update: UpdateView | undefined;
  /** Why the last update action failed. */
  updateError: string | undefined;
  /** Takes an update state the main process pushed (`updates.updated`). */
  receiveUpdate(update: UpdateView): void;
  /** Loads the state (later changes arrive through `receiveUpdate`, see `app/main-events.ts`). */
  loadUpdate(): Promise<void>;
  /** Asks the feed now (a newer version downloads in the background). */
  checkForUpdates(): Promise<void>;
  /** Installs the downloaded version when Kiln quits, or restarts now. */
  installUpdate(when: 'now' | 'quit'): Promise<void>;
  /** Notices to show, oldest first. */
  appNotices: readonly AppNoticeView[];
  /** Takes the notices waiting in the main process (at start, and on `app.notice`). */
  takeAppNotices(): Promise<void>;
  dismissAppNotice(id: string): void;
  /**
   * Shows a notice the page itself has to give (the answer of an action run from a right-click
   * menu, which has no place of its own to show it), over the workspace like main's.
   */
  addAppNotice(level: AppNoticeView['level'], message: string): void;
}

/** Creates the update slice. */
export const createUpdateSlice: SliceCreator<UpdateSlice> = (set, get, bridge) => {
  /** Ids of the page's own notices: apart from main's (`1`, `2`, …). */
  let pageNotices = 0;
  const run = async (call: () => Promise<UpdateView>) => {
    try {
      set({ update: await call(), updateError: undefined });
    } catch (error) {
      set({ updateError: (error as Error).message });
    }
  };
  return {
    update: undefined,
    updateError: undefined,
    receiveUpdate: (update) => set({ update }),
    loadUpdate: () => run(() => bridge['updates:get'](undefined)),
    checkForUpdates: () => run(() => bridge['updates:check'](undefined)),
    installUpdate: (when) => run(() => bridge['updates:install']({ when })),
    appNotices: [],
    async takeAppNotices() {
      const taken = await bridge['app:takeNotices'](undefined).catch(() => []);
      if (taken.length) set({ appNotices: [...get().appNotices, ...taken] });
    },
    dismissAppNotice: (id) => set({ appNotices: get().appNotices.filter((n) => n.id !== id) }),
    addAppNotice: (level, message) =>
      set({
        appNotices: [
          ...get().appNotices,
          { id: `page-${++pageNotices}`, level, message, at: Date.now() },
        ],
      }),
  };
};
