/**
 * The account as the renderer knows it: balance and spend, the live price list, the settings, the
 * keys' masked state and the spend ledger. Kept current by `account.updated` / `keys.updated`
 * events; the price list and settings are read at start and again when they may have changed.
 * The keys go into the main process through `keys:set` and never come back.
 */
import type {
  AccountView,
  KeyStateView,
  KeyTestResult,
  LedgerExportView,
  LedgerFilter,
  LedgerPageView,
  PricesView,
  SandboxBuildFailuresView,
  SettingsPatch,
  SettingsView,
} from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/slice';

/** Sections of the account page. */
export type AccountSection = 'billing' | 'prices' | 'ledger' | 'keys' | 'settings';

/** Account state and actions. */
export interface AccountSlice {
  /** The account page, open on a section, or closed. */
  accountSection: AccountSection | undefined;
  openAccount(section: AccountSection | undefined): void;
  account: AccountView | undefined;
  prices: PricesView | undefined;
  settings: SettingsView | undefined;
  keyState: KeyStateView | undefined;
  /** Why the balance or prices could not be read (shown in the billing bar), if they could not. */
  accountError: string | undefined;
  /** The code of {@link accountError} (`invalid_api_key` offers to replace the key). */
  accountErrorCode: string | undefined;
  /** The spend ledger as last read with {@link ledgerFilter}. */
  ledger: LedgerPageView | undefined;
  ledgerFilter: NonNullable<LedgerFilter>;
  /** Payment notices the user closed (by job id), so they do not come back. */
  dismissedNotices: readonly string[];
  /** Loads account, prices, settings (unless `settings` is their answer already) and key state. Called by init. */
  loadAccount(settings?: Promise<SettingsView>): Promise<void>;
  /** Takes the balance and spend the main process pushed (`account.updated`). */
  receiveAccount(account: AccountView): void;
  /**
   * Takes the key state the main process pushed (`keys.updated`): another connection has other
   * prices, another balance, ledger and library, so they are read again.
   */
  receiveKeyState(keyState: KeyStateView): void;
  /** Asks the service for the balance now. */
  refreshBalance(): Promise<void>;
  /** Fetches the price list again. */
  refreshPrices(): Promise<void>;
  /**
   * Changes settings and keeps the answer.
   * @throws KilnError `invalid_setting` with `field` when a value is refused
   */
  updateSettings(patch: SettingsPatch): Promise<SettingsView>;
  /** Reads the ledger with a new filter (or the current one again). */
  loadLedger(filter?: NonNullable<LedgerFilter>): Promise<void>;
  /** Writes the filtered ledger as CSV into the export folder; answers where. */
  exportLedger(): Promise<LedgerExportView>;
  /**
   * Stores a key (a new named one, or a new secret for `id`) and makes it active.
   * @throws KilnError `invalid_key` (field `key`) or `busy`
   */
  saveKey(key: string, o?: { name?: string; id?: string }): Promise<KeyStateView>;
  /** Tries a pasted key, a stored one (`id`), or the active one. */
  testKey(o: { key?: string; id?: string }): Promise<KeyTestResult>;
  /** Forgets a stored key. */
  removeKey(id: string): Promise<KeyStateView>;
  /** Uses a stored key from now on, or (`null`) the sandbox. */
  activateKey(id: string | null): Promise<KeyStateView>;
  /**
   * Asks the user, outside the page (the desktop app's native dialog), to use a stored key with
   * the service address now set.
   * @throws KilnError `not_confirmed`, or `confirm_unavailable` in the browser host
   */
  confirmKeyOrigin(id: string): Promise<KeyStateView>;
  /** Opens a platform page in the system browser; false when the renderer must show a link. */
  openExternal(url: string): Promise<boolean>;
  /** Closes a payment notice for good. */
  dismissNotice(jobId: string): void;
  /**
   * The sandbox's build-failure trigger: its shares now, or (with `shares`) set to these.
   * @throws KilnError `not_sandbox` while Kiln uses the live service
   */
  sandboxBuildFailures(
    shares?: SandboxBuildFailuresView['shares'],
  ): Promise<SandboxBuildFailuresView>;
}

/** What the account asks of the library. */
export interface AccountNeeds {
  /** Known once the library has been listed. */
  readonly libTotal: number | undefined;
  refreshLibrary(): Promise<void>;
}

/** Creates the account slice. */
export const createAccountSlice: SliceCreator<AccountSlice, AccountNeeds> = (set, get, bridge) => {
  const remember = (error: unknown) =>
    set({
      accountError: (error as Error).message,
      accountErrorCode: (error as { code?: string }).code,
    });
  const keyChanged = (keyState: KeyStateView) => {
    const modeChanged = get().keyState?.mode !== keyState.mode;
    const activeChanged = get().keyState?.activeId !== keyState.activeId;
    const addressChanged = get().keyState?.origin !== keyState.origin;
    set({ keyState, ...(modeChanged || activeChanged ? { accountError: undefined } : {}) });
    // The service address changed (here or elsewhere): show the settings as they are now.
    if (addressChanged && get().settings) {
      void bridge['settings:get'](undefined).then((settings) => set({ settings }), remember);
    }
    // Another connection has other prices, another balance and another ledger: read them again.
    if (modeChanged || activeChanged) {
      void Promise.all([
        get().refreshPrices(),
        get().refreshBalance(),
        get().ledger ? get().loadLedger() : undefined,
        // The library shown belongs to the previous connection: list this one's.
        get().libTotal !== undefined ? get().refreshLibrary() : undefined,
      ]);
    }
    return keyState;
  };
  return {
    accountSection: undefined,
    openAccount: (accountSection) => set({ accountSection }),
    account: undefined,
    prices: undefined,
    settings: undefined,
    keyState: undefined,
    accountError: undefined,
    accountErrorCode: undefined,
    ledger: undefined,
    ledgerFilter: {},
    dismissedNotices: [],
    async loadAccount(asked) {
      const [settings, keyState] = await Promise.all([
        asked ?? bridge['settings:get'](undefined),
        bridge['keys:get'](undefined),
      ]);
      set({ settings, keyState });
      await Promise.all([get().refreshBalance(), get().refreshPrices()]);
    },
    receiveAccount(account) {
      set({ account, accountError: undefined, accountErrorCode: undefined });
      // New rows may have arrived: keep an open ledger current.
      if (get().ledger) void get().loadLedger();
    },
    receiveKeyState: (keyState) => void keyChanged(keyState),
    async refreshBalance() {
      await bridge['account:balance'](undefined).then(
        (account) => set({ account, accountError: undefined, accountErrorCode: undefined }),
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
    async loadLedger(filter) {
      const next = filter ?? get().ledgerFilter;
      set({ ledgerFilter: next });
      const ledger = await bridge['account:ledger'](next);
      // A newer filter may have been chosen meanwhile: keep only the answer to the current one.
      if (get().ledgerFilter === next) set({ ledger });
    },
    async exportLedger() {
      return bridge['account:exportLedger'](get().ledgerFilter);
    },
    async saveKey(key, o = {}) {
      return keyChanged(await bridge['keys:set']({ key, ...o }));
    },
    async testKey(o) {
      return bridge['keys:test'](o);
    },
    async removeKey(id) {
      return keyChanged(await bridge['keys:remove']({ id }));
    },
    async activateKey(id) {
      return keyChanged(await bridge['keys:activate']({ id }));
    },
    async confirmKeyOrigin(id) {
      const keyState = keyChanged(await bridge['keys:confirmOrigin']({ id }));
      // The key works here now: read the balance with it.
      await get().refreshBalance();
      return keyState;
    },
    async openExternal(url) {
      return bridge['app:openExternal']({ url }).catch(() => false);
    },
    dismissNotice(jobId) {
      set({ dismissedNotices: [...get().dismissedNotices, jobId] });
    },
    sandboxBuildFailures: (shares) =>
      shares
        ? bridge['sandbox:setBuildFailures']({ shares })
        : bridge['sandbox:buildFailures'](undefined),
  };
};
