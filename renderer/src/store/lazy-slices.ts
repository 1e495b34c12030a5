/**
 * A slice whose code is not in the entry chunk (bench B7): the store starts with the slice's
 * initial fields and, for each action, a stand-in that fetches the slice's chunk, puts the real
 * actions in the store and hands the call on. What a feature's first screen does not need (the
 * library's pager, picks and thumbnail queue) so costs the first paint nothing, and the first
 * call that needs it, or the idle moment that asks for it, brings it.
 */
import type { Bridge } from '../../../shared/ipc/bridge';
import type { SliceCreator } from './slice';

/** The names of the functions of `T`. */
export type ActionKeys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? K : never;
}[keyof T];

/** The fields of `T` that are not functions. */
export type StateOf<T> = Omit<T, ActionKeys<T>>;

/** How {@link lazySlice} makes a slice. */
export interface LazySliceSpec<Own, Needs> {
  /**
   * The slice's fields before its code is here: the same object the real creator starts from,
   * so the two cannot disagree.
   */
  readonly initial: StateOf<Own>;
  /**
   * Every action of the slice, checked against its type by the compiler: the stand-ins are made
   * from this list, so an action missing here does not compile.
   */
  readonly actions: Readonly<Record<ActionKeys<Own>, true>>;
  /**
   * What a stand-in answers at once for an action that returns a value synchronously, while the
   * code is on its way (e.g. `false` for "not done, try again later"). Other stand-ins answer the
   * promise of the real action's result.
   */
  readonly meanwhile?: Partial<{
    [K in ActionKeys<Own>]: ReturnType<Extract<Own[K], (...args: never[]) => unknown>>;
  }>;
  /** Imports the slice's chunk and answers its creator. */
  load(): Promise<SliceCreator<Own, Needs>>;
}

/**
 * A {@link SliceCreator} for a slice fetched on first use. The real creator runs once per store,
 * with the store's own setter, getter and bridge; its actions then replace the stand-ins, and its
 * fields are not written (the stand-ins never change state, so they still hold `initial`). A
 * failed fetch rejects the calls that waited for it, and the next call tries again.
 *
 * @example
 * ```ts
 * const createLibrary = lazySlice<LibrarySlice, LibraryNeeds>({
 *   initial: LIBRARY_INITIAL,
 *   actions: { loadLibrary: true, refreshLibrary: true, … },
 *   meanwhile: { prefetchLibrary: false },
 *   load: () => import('./library-slice').then((m) => m.createLibrarySlice),
 * });
 * ```
 */
export function lazySlice<Own, Needs>(spec: LazySliceSpec<Own, Needs>): SliceCreator<Own, Needs> {
  return (set, get, bridge: Bridge) => {
    let installing: Promise<Own> | undefined;
    const install = (): Promise<Own> => {
      installing ??= spec.load().then(
        (create) => {
          const real = create(set, get, bridge);
          const actions: Partial<Own> = {};
          for (const name of Object.keys(spec.actions) as ActionKeys<Own>[]) {
            actions[name] = real[name];
          }
          set(actions);
          return real;
        },
        (error: unknown) => {
          installing = undefined;
          throw error;
        },
      );
      return installing;
    };
    const meanwhile = (spec.meanwhile ?? {}) as Record<PropertyKey, unknown>;
    const stand = {} as Record<PropertyKey, unknown>;
    for (const name of Object.keys(spec.actions) as ActionKeys<Own>[]) {
      stand[name] = (...args: unknown[]) => {
        const result = install().then((real) =>
          (real[name] as (...a: unknown[]) => unknown)(...args),
        );
        if (name in meanwhile) {
          // Nobody waits for this call's promise: a failed fetch is retried by the next call.
          result.catch(() => undefined);
          return meanwhile[name];
        }
        return result;
      };
    }
    return { ...spec.initial, ...stand } as Own;
  };
}
