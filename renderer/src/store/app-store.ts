/**
 * The renderer's one zustand store, built from typed slices with the bridge injected (so tests
 * can pass a fake). Camera and animation state stay out of it: they live in the viewer.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../../../shared/ipc/bridge';
import { createAccountSlice, type AccountSlice } from './account-slice';
import { createAppSlice, type AppSlice } from './app-slice';
import { createCreateSlice, type CreateSlice } from './create-slice';
import { createDesktopSlice, type DesktopSlice } from './desktop-slice';
import { createJobsSlice, type JobsSlice } from './jobs-slice';
import { createOpsSlice, type OpsSlice } from './ops-slice';
import { createLibrarySlice, type LibrarySlice } from './library-slice';
import { createViewerSlice, type ViewerSlice } from './viewer-slice';
import { createUpdateSlice, type UpdateSlice } from '../features/activity/update-slice';

/** The whole renderer state. */
export type KilnState = AppSlice &
  AccountSlice &
  JobsSlice &
  ViewerSlice &
  CreateSlice &
  OpsSlice &
  LibrarySlice &
  DesktopSlice &
  UpdateSlice;

/** A slice creator: gets the store's set/get and the bridge. */
export type SliceCreator<T> = (
  set: StoreApi<KilnState>['setState'],
  get: StoreApi<KilnState>['getState'],
  bridge: Bridge,
) => T;

/** Builds the store around a bridge. */
export function createKilnStore(bridge: Bridge): StoreApi<KilnState> {
  return createStore<KilnState>()((set, get) => ({
    ...createAppSlice(set, get, bridge),
    ...createAccountSlice(set, get, bridge),
    ...createJobsSlice(set, get, bridge),
    ...createViewerSlice(set, get, bridge),
    ...createCreateSlice(set, get, bridge),
    ...createOpsSlice(set, get, bridge),
    ...createLibrarySlice(set, get, bridge),
    ...createDesktopSlice(set, get, bridge),
    ...createUpdateSlice(set, get, bridge),
  }));
}
