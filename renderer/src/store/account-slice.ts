/**
 * The account as the renderer knows it: balance and spend, the live price list, the settings and
 * the key's masked state. Kept current by `account.updated` / `keys.updated` events; the price
 * list and settings are read at start and again when they may have changed.
 */
import type {
  AccountView,
  KeyStateView,
  PricesView,
  SettingsPatch,
  SettingsView,
} from '../../../shared/ipc/contract';
import type { SliceCreator } from './app-store';

/** Account state and actions. */
export interface AccountSlice {
  account: AccountView | undefined;
  prices: PricesView | undefined;
  settings: SettingsView | undefined;
  keyState: KeyStateView | undefined;
  /** Why the balance or prices could not be read (shown in the billing bar), if they could not. */
  accountError: string | undefined;
  /** Loads account, prices, settings and key state, and follows their events. Called by init. */
  loadAccount(): Promise<void>;
  /** Asks the service for the balance now. */
  refreshBalance(): Promise<void>;
  /** Fetches the price list again. */
  refreshPrices(): Promise<void>;
  /**
   * Changes settings and keeps the answer.
   * @throws KilnError `invalid_setting` with `field` when a value is refused
   */
  updateSettings(patch: SettingsPatch): Promise<SettingsView>;
}

/** Creates the account slice. */
export const createAccountSlice: SliceCreator<AccountSlice> = (set, get, bridge) => {
  const remember = (error: unknown) => set({ accountError: (error as Error).message });
  return {
    account: undefined,
    prices: undefined,
    settings: undefined,
    keyState: undefined,
    accountError: undefined,
    async loadAccount() {
      bridge.on('account.updated', (account) => set({ account, accountError: undefined }));
      bridge.on('keys.updated', (keyState) => {
        const modeChanged = get().keyState?.mode !== keyState.mode;
        set({ keyState });
        // Another connection has other prices and another balance: read them again.
        if (modeChanged) void Promise.all([get().refreshPrices(), get().refreshBalance()]);
      });
      const [settings, keyState] = await Promise.all([
        bridge['settings:get'](undefined),
        bridge['keys:get'](undefined),
      ]);
      set({ settings, keyState });
      await Promise.all([get().refreshBalance(), get().refreshPrices()]);
    },
    async refreshBalance() {
      await bridge['account:balance'](undefined).then(
        (account) => set({ account, accountError: undefined }),
        remember,
      );
    },
    async refreshPrices() {
      await bridge['account:prices'](undefined).then((prices) => set({ prices }), remember);
    },
    async updateSettings(patch) {
      const settings = await bridge['settings:set'](patch);
      set({ settings });
      return settings;
    },
  };
};
