import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { Bridge } from '../../../shared/ipc/bridge';
import { lazySlice } from './lazy-slices';
import type { SliceCreator } from './slice';

interface Counter {
  count: number;
  label: string;
  load(): Promise<void>;
  add(n: number): void;
  ready(): boolean;
  double(): Promise<number>;
}

const INITIAL = { count: 0, label: 'none' };

const realCounter: SliceCreator<Counter> = (set, get) => ({
  ...INITIAL,
  load: () => Promise.resolve(),
  add: (n) => set({ count: get().count + n }),
  ready: () => true,
  double: async () => get().count * 2,
});

function counterStore(load: () => Promise<SliceCreator<Counter>>) {
  const create = lazySlice<Counter, unknown>({
    initial: INITIAL,
    actions: { load: true, add: true, ready: true, double: true },
    meanwhile: { ready: false },
    load,
  });
  return createStore<Counter>()((set, get) => create(set, get, {} as Bridge));
}

describe('lazySlice', () => {
  it('starts with the initial fields and fetches nothing until an action is called', () => {
    const load = vi.fn(() => Promise.resolve(realCounter));
    const store = counterStore(load);
    expect(store.getState()).toMatchObject(INITIAL);
    expect(load).not.toHaveBeenCalled();
  });

  it('hands calls made before the code came on in order, fetching it once', async () => {
    const load = vi.fn(() => Promise.resolve(realCounter));
    const store = counterStore(load);
    store.getState().add(2);
    store.getState().add(3);
    await expect(store.getState().double()).resolves.toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getState().count).toBe(5);
  });

  it('puts the real actions in the store, so later calls go straight to them', async () => {
    const store = counterStore(() => Promise.resolve(realCounter));
    const before = store.getState().add;
    await store.getState().load();
    expect(store.getState().add).not.toBe(before);
    store.getState().add(4);
    expect(store.getState().count).toBe(4);
    expect(store.getState().ready()).toBe(true);
  });

  it('answers "meanwhile" for a synchronous action while the code is on its way', async () => {
    const store = counterStore(() => Promise.resolve(realCounter));
    expect(store.getState().ready()).toBe(false);
    await vi.waitFor(() => expect(store.getState().ready()).toBe(true));
  });

  it('rejects the calls that waited for a failed fetch, and tries again on the next call', async () => {
    const load = vi
      .fn<() => Promise<SliceCreator<Counter>>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue(realCounter);
    const store = counterStore(load);
    await expect(store.getState().double()).rejects.toThrow('chunk missing');
    store.getState().add(1);
    await store.getState().load();
    expect(store.getState().count).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
