/**
 * The renderer's one zustand store: the combination of the features' slices, with the bridge
 * injected (so tests can pass a fake). Each slice lives with the feature that owns it (see
 * `slice.ts`); this is the one module of `store/` that imports them. Camera and animation state
 * stay out of it: they live in the viewer.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../../../shared/ipc/bridge';
import { createAccountSlice, type AccountSlice } from '../features/account/account-slice';
import { createAppSlice, type AppSlice } from '../app/app-slice';
import { createCreateSlice, type CreateSlice } from '../features/create/create-slice';
import { createDesktopSlice, type DesktopSlice } from '../features/desktop/desktop-slice';
import { createJobsSlice, type JobsSlice } from '../features/activity/jobs-slice';
import { createOpsSlice, type OpsSlice } from '../features/ops/ops-slice';
import type { LibrarySlice } from '../features/library/library-slice';
import { createLazyLibrarySlice } from '../features/library/library-lazy-slice';
import { createViewerSlice, type ViewerSlice } from '../viewer/viewer-slice';
import { createUpdateSlice, type UpdateSlice } from '../features/activity/update-slice';
import { createBatchSlice, type BatchSlice } from '../features/batch/batch-slice';
import { createPresenceSlice, type PresenceSlice } from '../features/presence/presence-slice';
import { createUndoSlice, type UndoSlice } from './undo';

/** The whole renderer state. */
export type KilnState = AppSlice &
  AccountSlice &
  JobsSlice &
  ViewerSlice &
  CreateSlice &
  OpsSlice &
  LibrarySlice &
  DesktopSlice &
  UpdateSlice &
  BatchSlice &
  PresenceSlice &
  UndoSlice;

/**
 * Builds the store around a bridge. A slice whose needs the whole state does not meet fails to
 * type-check here.
 */
export function createKilnStore(bridge: Bridge): StoreApi<KilnState> {
  return createStore<KilnState>()((set, get) => ({
    ...createAppSlice(set, get, bridge),
    ...createAccountSlice(set, get, bridge),
    ...createJobsSlice(set, get, bridge),
    ...createViewerSlice(set, get, bridge),
    ...createCreateSlice(set, get, bridge),
    ...createOpsSlice(set, get, bridge),
    ...createLazyLibrarySlice(set, get, bridge),
    ...createDesktopSlice(set, get, bridge),
    ...createUpdateSlice(set, get, bridge),
    ...createBatchSlice(set, get, bridge),
    ...createPresenceSlice(set, get, bridge),
    ...createUndoSlice(set, get, bridge),
  }));
}
