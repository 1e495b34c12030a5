/** React access to the store: a provider and a selector hook. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KilnState } from './app-store';

const StoreContext = createContext<StoreApi<KilnState> | null>(null);

/** Provides the store to the tree. */
export function KilnStoreProvider({
  store,
  children,
}: {
  store: StoreApi<KilnState>;
  children: ReactNode;
}) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Selects from the store; re-renders only when the selected value changes. */
export function useKiln<T>(selector: (state: KilnState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useKiln outside KilnStoreProvider');
  return useStore(store, selector);
}
