/**
 * How a feature's slice of the store is made. Each feature owns its fields: its slice gets a
 * setter for those fields only, and a getter that also shows what the slice `Needs` from the
 * rest of the app (other features' actions, and state it reads). So a feature changes another
 * feature's state only by calling that feature's action, and says which ones it calls. The
 * combination (`app-store.ts`) checks that the whole state provides every slice's needs.
 */
import type { Bridge } from '../../../shared/ipc/bridge';

/**
 * A slice creator: builds the fields and actions of `Own` from its setter and getter and the
 * bridge. `Needs` is declared by the feature itself (a structural type, so features never import
 * each other's slices).
 */
export type SliceCreator<Own, Needs = unknown> = (
  set: (patch: Partial<Own>) => void,
  get: () => Own & Needs,
  bridge: Bridge,
) => Own;
