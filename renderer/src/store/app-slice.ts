/** App-wide state: readiness and the running app's facts (mode, version). */
import type { AppInfo } from '../../../shared/ipc/contract';
import type { SliceCreator } from './app-store';

/** App-wide state. */
export interface AppSlice {
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
    } catch (error) {
      set({ appState: 'error', appError: (error as Error).message });
    }
  },
});
