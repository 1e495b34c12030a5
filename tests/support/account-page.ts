/**
 * Page module of the account features (billing bar, account page, keys, welcome), plus hosts the
 * account tests need beyond the shared fixture: one with a fresh first run and the real OS
 * keychain, and a second sandbox served on 127.0.0.1 that plays the live service.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { KeyringSecretStore } from '../../electron/core/secrets/keyring-store';
import type { SecretStore } from '../../electron/core/secrets/secret-store';
import { startHost, type Host } from '../../electron/host/host';
import { createSandbox, serveSandbox, type Sandbox } from '../../electron/sandbox';
import { addUsd, subUsd, type Usd } from '../../shared/money';
import type { SettingGroupId } from '../../shared/setting-groups';
import type { KilnPage } from './kiln-page';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Account sections by their tab ids. */
export type Section = 'billing' | 'prices' | 'ledger' | 'keys' | 'settings';

/** The account features of Kiln's window. */
export class AccountModule {
  constructor(
    readonly page: Page,
    readonly kiln?: KilnPage,
  ) {}

  get bar(): Locator {
    return this.page.getByTestId('billing-bar');
  }
  get balance(): Locator {
    return this.page.getByTestId('billing-balance');
  }
  get notice(): Locator {
    return this.page.getByTestId('payment-notice');
  }
  get badge(): Locator {
    return this.page.getByTestId('mode-badge');
  }

  /**
   * Opens the account page on a section; for Settings, with `group`, on that group of the
   * Settings window (shared/settings.ts `SETTING_GROUPS`).
   */
  async open(section: Section, group?: SettingGroupId): Promise<void> {
    if (!(await this.page.getByTestId('account-page').isVisible())) await this.balance.click();
    await this.page.getByTestId(`tab-${section}`).click();
    await expect(this.page.getByTestId(`tab-${section}`)).toHaveAttribute('aria-selected', 'true');
    if (group) await this.settingsGroup(group);
  }

  /** Shows `group` of the Settings window, as the user picks it in the list of groups. */
  async settingsGroup(group: SettingGroupId): Promise<void> {
    const tab = this.page.getByTestId('account-settings').getByTestId(`tab-${group}`);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.page.getByTestId('settings-page')).toHaveAttribute('data-group', group);
  }

  async close(): Promise<void> {
    await this.page.getByTestId('account-close').click();
    await expect(this.page.getByTestId('account-page')).toBeHidden();
  }

  /** Waits until the billing bar shows exactly `usd` as the balance. */
  async expectBalance(usd: Usd): Promise<void> {
    await expect(this.balance).toHaveAttribute('data-balance', usd, { timeout: 15_000 });
  }

  /**
   * Reads the balance again as a user does after topping up on the platform (Account → Refresh
   * now), and waits until the bar shows `usd`. Kiln's own refresh comes once a minute
   * (`balanceRefreshSeconds`): a test that changes the service's balance behind Kiln's back must
   * not wait for it.
   */
  async refreshBalance(usd: Usd): Promise<void> {
    await this.open('billing');
    await this.page.getByTestId('refresh-balance').click();
    await this.expectBalance(usd);
    await this.close();
  }

  /** Drops a photo, picks the fast tier and presses Generate; answers the new job's row. */
  async generate(photo: { name: string; bytes: Uint8Array }): Promise<Locator> {
    const before = await this.page.getByTestId('job').count();
    await this.kiln!.drop([{ ...photo, type: 'image/png' }]);
    await this.page.getByTestId('tier').selectOption('fast');
    await this.page.getByTestId('generate').click();
    await expect(this.page.getByTestId('job')).toHaveCount(before + 1);
    return this.page.getByTestId('job').first();
  }

  /** The stored key row named `name`. */
  keyRow(name: string): Locator {
    return this.page.locator(`[data-testid="key-row"][data-key-name="${name}"]`);
  }

  /** Fills and submits the add-key form. */
  async addKey(name: string, key: string): Promise<void> {
    const form = this.page.getByTestId('add-key-form');
    await form.getByTestId('add-key-form-name').fill(name);
    await form.getByTestId('add-key-form-key').fill(key);
    await form.getByTestId('add-key-form-save').click();
    await expect(form.getByTestId('add-key-form-result')).toContainText('Saved');
  }
}

/** A plain grey picture: the sandbox finds no object in it, fails the task and refunds it. */
export async function greyPhoto(): Promise<{ name: string; bytes: Uint8Array }> {
  const bytes = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
  return { name: 'grey.png', bytes };
}

/** Charged minus refunded, and both sums, of a sandbox's own ledger. */
export function sandboxTotals(sandbox: Sandbox): { charged: Usd; refunded: Usd; net: Usd } {
  let charged: Usd = '0.00';
  let refunded: Usd = '0.00';
  for (const e of sandbox.ledger()) {
    if (e.type === 'charge') charged = addUsd(charged, e.amountUsd);
    else refunded = addUsd(refunded, e.amountUsd);
  }
  return { charged, refunded, net: subUsd(charged, refunded) };
}

/** A second sandbox on 127.0.0.1 standing in for the live service. */
export interface LiveService {
  readonly sandbox: Sandbox;
  readonly url: string;
  /** Runs `change` as the next generation call reaches the service (see {@link generationHook}). */
  onNextGeneration(change: () => void): void;
  close(): Promise<void>;
}

/**
 * Runs a change (a lower balance, a limit) as the next generation call reaches a sandbox, before
 * the sandbox answers it: `onRequest` goes in the sandbox's internals (`SandboxInternals`),
 * `next` takes the change. A test that wants the *service's* refusal sets the account this way:
 * set beforehand, any balance read still on its way shows it to Kiln first, and Kiln rightly
 * refuses before sending (seen under load).
 */
export function generationHook(): {
  readonly onRequest: (request: Request) => void;
  next(change: () => void): void;
} {
  let pending: (() => void) | undefined;
  return {
    onRequest: (request) => {
      if (!pending || request.method !== 'POST') return;
      if (!new URL(request.url).pathname.includes('/generate/')) return;
      const change = pending;
      pending = undefined;
      change();
    },
    next: (change) => {
      pending = change;
    },
  };
}

/** Serves a sandbox that accepts `keys`, as the "live" service. */
export async function serveLive(keys: string[], balanceUsd: Usd): Promise<LiveService> {
  const hook = generationHook();
  const sandbox = createSandbox({ keys, taskSeconds: 1, balanceUsd }, hook);
  const server = await serveSandbox(sandbox, { port: 0 });
  return {
    sandbox,
    onNextGeneration: hook.next,
    url: server.url,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}

/** A host on a fresh data folder with the real OS keychain (entries of this test only). */
export interface KeychainHost {
  readonly host: Host;
  readonly secrets: SecretStore;
  close(): Promise<void>;
}

/**
 * Starts a host as a first run (no welcome seen) whose keys go to the real Secret Service under a
 * service name of the tests, and whose live service is `liveUrl`.
 */
export async function startKeychainHost(liveUrl: string): Promise<KeychainHost> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-account-'));
  // A throwaway keychain service of this host only; close() deletes whatever is left under it.
  const service = `dev.kiln.test.e2e-${randomUUID()}`;
  const secrets = new KeyringSecretStore('api-key', service);
  const host = await startHost({
    rendererDir: path.join(root, 'dist', 'renderer'),
    dataDir,
    secrets,
    liveBaseUrl: liveUrl,
    platformUrl: 'https://platform.example.test',
    sandbox: { taskSeconds: 1 },
    services: { pollTiming: { first: 300, factor: 1.5, cap: 1000, errorCap: 5000 } },
    logger: { info: () => {}, warn: () => {}, error: (m, d) => console.error(m, d) },
  });
  return {
    host,
    secrets,
    close: async () => {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
      for (const { account } of await findCredentialsAsync(service)) {
        await new KeyringSecretStore(account, service).delete();
      }
    },
  };
}
